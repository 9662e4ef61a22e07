// The limits that protect money and identity (sign-in, orders, bad tokens, the back office's
// event streams) are counted in PostgreSQL, so that they hold across every instance (ADR 031):
// a window per (limit, key) raised by one statement, and places held by open streams. The
// anonymous catalogue's limit stays in each instance's memory (plugins/graphql.ts).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sql } from 'drizzle-orm'
import { rateLimitCounters, rateLimitPlaces } from '../db/schema.ts'
import { executeNamed } from '../db/sql.ts'

export interface LimitVerdict {
  /** Whether this hit stays within the limit. */
  allowed: boolean
  /** Hits counted in the window, this one included. */
  count: number
  /** Seconds until the window ends (at least 1): the refusal's Retry-After. */
  retryAfterSeconds: number
}

/** A place taken under a limit on things held open. */
export interface LimitPlace {
  /** Keeps the place for another `ttlMs`. */
  renew(): Promise<void>
  /** Gives the place back. */
  release(): Promise<void>
}

export interface SharedLimits {
  /** Counts one hit of `key` under the limit `name`: at most `max` per window of `windowMs`, which starts with its first hit. */
  hit(name: string, key: string, max: number, windowMs: number): Promise<LimitVerdict>
  /** Takes one of the `max` places of `key` under `name`, held for `ttlMs` unless renewed; null when all are taken. */
  take(name: string, key: string, max: number, ttlMs: number): Promise<LimitPlace | null>
  /** Deletes ended windows and expired places (every minute on its own). */
  sweep(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: SharedLimits
  }
}

export interface SharedLimitsOptions {
  /** How often ended windows and expired places are deleted (1 min); 0 turns the sweep off. */
  sweepEveryMs?: number | undefined
}

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000})`

async function sharedLimits(app: FastifyInstance, opts: SharedLimitsOptions) {
  const db = app.db
  const limits: SharedLimits = {
    async hit(name, key, max, windowMs) {
      // A window that has ended starts again at this hit, as one instance's limiter did.
      const [row] = await executeNamed<{ count: number; left: number }>(db, 'limit_hit', sql`
        insert into ${rateLimitCounters} (name, key, count, window_end) values (${name}, ${key}, 1, now() + ${interval(windowMs)})
        on conflict (name, key) do update set
          count = case when ${rateLimitCounters.windowEnd} <= now() then 1 else ${rateLimitCounters.count} + 1 end,
          window_end = case when ${rateLimitCounters.windowEnd} <= now() then excluded.window_end else ${rateLimitCounters.windowEnd} end
        returning count, ceil(extract(epoch from window_end - now()))::int as "left"`)
      const { count, left } = row!
      return { allowed: count <= max, count, retryAfterSeconds: Math.max(1, left) }
    },

    async take(name, key, max, ttlMs) {
      const id = randomUUID()
      // Two instances opening the last place at once: the lock makes the second count the first's.
      const taken = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${name}:${key}`}))`)
        const { rows } = (await tx.execute(sql`
          insert into ${rateLimitPlaces} (id, name, key, expires_at)
          select ${id}::uuid, ${name}::text, ${key}::text, now() + ${interval(ttlMs)}
          where (select count(*) from ${rateLimitPlaces} where name = ${name} and key = ${key} and expires_at > now()) < ${max}
          returning id`)) as unknown as { rows: unknown[] }
        return rows.length > 0
      })
      if (!taken) return null
      return {
        renew: async () => void (await db.execute(sql`update ${rateLimitPlaces} set expires_at = now() + ${interval(ttlMs)} where id = ${id}`)),
        release: async () => void (await db.execute(sql`delete from ${rateLimitPlaces} where id = ${id}`)),
      }
    },

    async sweep() {
      await db.execute(sql`delete from ${rateLimitCounters} where window_end <= now()`)
      await db.execute(sql`delete from ${rateLimitPlaces} where expires_at <= now()`)
    },
  }
  app.decorate('limits', limits)

  const sweepEveryMs = opts.sweepEveryMs ?? 60_000
  if (sweepEveryMs > 0) {
    let running: Promise<void> | undefined
    const timer = setInterval(() => {
      running ??= limits
        .sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'sweeping ended rate-limit windows failed'))
        .finally(() => {
          running = undefined
        })
    }, sweepEveryMs)
    timer.unref()
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await running
    })
  }
}

export default fp(sharedLimits, { name: 'shared-limits', dependencies: ['database'] })
