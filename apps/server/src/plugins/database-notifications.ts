// What an instance keeps in memory about the database is told by the database when it
// changes: each instance holds one connection outside the pool that LISTENs on the shop's
// channels (a catalogue write, a token revoked or a role changed), delivered at commit
// (ADR 018, ADR 021). Opened again after an error; whatever changed while it was down was
// missed, so the caches are told to start clean (`onReset`), and a cache that must never
// answer stale (the token owners) asks `listening()` before each use. What must not be missed
// (the order events, ADR 066) reads it again from its table once the LISTENs are back (`onListening`).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import pg from 'pg'

export interface DatabaseNotifications {
  /** Calls `handler` with the payload of each NOTIFY on `channel`; channels are named before the app is ready. */
  on(channel: string, handler: (payload: string) => void): void
  /** Calls `handler` when the connection was lost: notifications may have been missed. */
  onReset(handler: () => void): void
  /**
   * Calls `handler` each time the connection LISTENs on every channel again: the first time
   * (`lostAt` null) and after each loss (`lostAt`: when the loss was noticed). Whatever commits
   * from then on is heard; what committed before is for the handler to read.
   */
  onListening(handler: (lostAt: Date | null) => void): void
  /** Whether notifications are heard now (the connection is up and LISTENs on every channel). */
  listening(): boolean
}

/** The notifications connection's name in `pg_stat_activity` (an operator, or a test, can find it). */
export const NOTIFICATIONS_APPLICATION_NAME = 'teranga-notifications'

declare module 'fastify' {
  interface FastifyInstance {
    notifications: DatabaseNotifications
  }
}

export interface DatabaseNotificationsOptions {
  /** Wait before connecting again after an error. */
  retryMs?: number | undefined
}

const CHANNEL_NAME = /^[a-z_]+$/

async function databaseNotifications(app: FastifyInstance, opts: DatabaseNotificationsOptions) {
  const retryMs = opts.retryMs ?? 2000
  const handlers = new Map<string, Array<(payload: string) => void>>()
  const resets: Array<() => void> = []
  const listenings: Array<(lostAt: Date | null) => void> = []
  let lostAt: Date | null = null
  let client: pg.Client | null = null
  let started = false
  let closing = false
  let retry: NodeJS.Timeout | null = null

  const reset = () => {
    for (const handler of resets) handler()
  }

  const schedule = () => {
    if (closing || retry) return
    retry = setTimeout(() => {
      retry = null
      void connect()
    }, retryMs)
    retry.unref()
  }

  async function connect() {
    if (closing) return
    // Keepalives: a connection dead without a word (a NAT, a cable) is noticed, not waited on forever.
    const next = new pg.Client({ connectionString: app.database.url, application_name: NOTIFICATIONS_APPLICATION_NAME, keepAlive: true })
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
    })
    let lost = false
    const onLost = (err?: Error) => {
      if (closing || lost || client !== next) return
      lost = true
      lostAt = new Date()
      app.log.warn({ err }, 'database notifications: connection lost; reconnecting')
      client = null
      next.end().catch(() => {})
      // Whatever changed meanwhile was missed: start clean.
      reset()
      schedule()
    }
    next.on('error', onLost)
    next.on('end', () => onLost())
    try {
      await next.connect()
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`)
      if (closing) {
        await next.end().catch(() => {})
        return
      }
      // A change made before this connection listened was not heard either.
      reset()
      client = next
      const since = lostAt
      lostAt = null
      for (const handler of listenings) {
        try {
          handler(since)
        } catch (err) {
          app.log.error({ err }, 'database notifications: a listening handler failed')
        }
      }
    } catch (err) {
      next.end().catch(() => {})
      if (!closing) {
        app.log.warn({ err }, 'database notifications: could not connect; retrying')
        schedule()
      }
    }
  }

  app.decorate<DatabaseNotifications>('notifications', {
    on(channel, handler) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`)
      if (started) throw new Error(`channel ${channel} named after the app started listening`)
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler])
    },
    onReset(handler) {
      resets.push(handler)
    },
    onListening(handler) {
      listenings.push(handler)
    },
    listening: () => client !== null,
  })

  // Every module has named its channels by now.
  app.addHook('onReady', async () => {
    started = true
    await connect()
  })
  app.addHook('onClose', async () => {
    closing = true
    if (retry) clearTimeout(retry)
    const open = client
    client = null
    await open?.end().catch(() => {})
  })
}

export default fp(databaseNotifications, { name: 'database-notifications', dependencies: ['database'] })
