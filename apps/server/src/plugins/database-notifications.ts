// What an instance keeps in memory about the database is told by the database when it
// changes: each instance holds one connection outside the pool that LISTENs on the shop's
// channels (a catalogue write, a token revoked or a role changed), delivered at commit
// (ADR 018, ADR 021). Opened again after an error; whatever changed while it was down was
// missed, so the caches are told to start clean (`onReset`), and a cache that must never
// answer stale (the token owners) asks `listening()` before each use. What must not be missed
// (the order events, ADR 066) reads it again from its table once the LISTENs are back (`onListening`).
// A link that stalls without a word is found by a heartbeat on the connection, not by TCP's hours.
// Each heartbeat also reads the database's snapshot then: after a loss, what the lost connection
// may not have heard was written by a transaction that snapshot shows not yet committed (ADR 073).
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
   * (`lostAt` null) and after each loss (`lostAt`: the last moment the lost connection was known
   * alive, its last heartbeat or notification). Whatever commits from then on is heard; what
   * committed before is for the handler to read. Notifications heard on the new connection are
   * handed to `on`'s handlers only after every `onListening` handler has run.
   *
   * `heardUpTo` (after a loss; null the first time): a snapshot (`pg_snapshot` text) in which
   * every transaction whose notifications the lost connection may not have heard was still open
   * or not begun. It is the snapshot of the heartbeat before the last one answered (an idle
   * listening session sends a commit's notification on within moments, well before the next
   * heartbeat 20 s later), or the one read before the connection's LISTENs when it had answered
   * none (what committed before them was read by the handlers).
   */
  onListening(handler: (lostAt: Date | null, heardUpTo: string | null) => void): void
  /** Whether notifications are heard now (the connection is up and LISTENs on every channel). */
  listening(): boolean
}

/** The notifications connection's name in `pg_stat_activity` (an operator, or a test, can find it). */
export const NOTIFICATIONS_APPLICATION_NAME = 'teranga-notifications'

/** The database's snapshot, read before the LISTENs. */
const SNAPSHOT_QUERY = 'select pg_current_snapshot()::text as snapshot'
/** The heartbeat (in `pg_stat_activity` as the connection's last query between beats): the snapshot too. */
export const HEARTBEAT_QUERY = 'select pg_current_snapshot()::text as heartbeat'

declare module 'fastify' {
  interface FastifyInstance {
    notifications: DatabaseNotifications
  }
}

export interface DatabaseNotificationsOptions {
  /** Wait before connecting again after an error. */
  retryMs?: number | undefined
  /** How often the connection is asked its heartbeat (20 s). */
  heartbeatEveryMs?: number | undefined
  /** How long a heartbeat, the connection or its LISTENs may take before the connection is given up (5 s). */
  heartbeatTimeoutMs?: number | undefined
}

const CHANNEL_NAME = /^[a-z_]+$/

async function databaseNotifications(app: FastifyInstance, opts: DatabaseNotificationsOptions) {
  const retryMs = opts.retryMs ?? 2000
  const heartbeatEveryMs = opts.heartbeatEveryMs ?? 20_000
  const timeoutMs = opts.heartbeatTimeoutMs ?? 5000
  const handlers = new Map<string, Array<(payload: string) => void>>()
  const resets: Array<() => void> = []
  const listenings: Array<(lostAt: Date | null, heardUpTo: string | null) => void> = []
  let lostAt: Date | null = null
  /** For the handlers after a loss: see `onListening`. */
  let lostHeardUpTo: string | null = null
  let client: pg.Client | null = null
  let started = false
  let closing = false
  let retry: NodeJS.Timeout | null = null
  let heartbeat: NodeJS.Timeout | undefined

  const reset = () => {
    for (const handler of resets) handler()
  }

  const dispatch = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload)
  }

  const schedule = () => {
    if (closing || retry) return
    retry = setTimeout(() => {
      retry = null
      void connect()
    }, retryMs)
    retry.unref()
  }

  /** `work`, or a rejection once `ms` passed (the connection is then ended by the caller). */
  const within = <T>(work: Promise<T>, ms: number, what: string) => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`database notifications: ${what} took longer than ${ms} ms`)), ms)
    })
    return Promise.race([work, late]).finally(() => clearTimeout(timer))
  }

  async function connect() {
    if (closing) return
    // Keepalives after 10 s of silence find a peer gone without a word (the OS default waits 2 h);
    // the heartbeat below finds a link that stalls while the peer's kernel still answers.
    const next = new pg.Client({
      connectionString: app.database.url,
      application_name: NOTIFICATIONS_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: timeoutMs,
    })
    /** The last moment this connection was known alive: connected, a heartbeat answered, a notification heard. */
    let aliveAt = Date.now()
    /** Notifications heard before the listening handlers ran: handed on after them, in order. */
    let held: Array<{ channel: string; payload: string }> | null = []
    next.on('notification', (message) => {
      aliveAt = Date.now()
      if (held) held.push({ channel: message.channel, payload: message.payload ?? '' })
      // A connection already given up: what it still says is read again by whoever must not miss it.
      else if (client === next) dispatch(message.channel, message.payload ?? '')
    })
    /** The snapshot read before the LISTENs, then at each heartbeat: the newest two. */
    let heardUpTo: string | null = null
    let snapshotAtLastBeat: string | null = null
    let lost = false
    const onLost = (err?: Error) => {
      if (closing || lost || client !== next) return
      lost = true
      clearInterval(heartbeat)
      // The outage is counted from the last sign of life, not from when it was noticed.
      lostAt = new Date(aliveAt)
      lostHeardUpTo = heardUpTo
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
      await within(
        (async () => {
          await next.connect()
          snapshotAtLastBeat = (await next.query<{ snapshot: string }>(SNAPSHOT_QUERY)).rows[0]!.snapshot
          heardUpTo = snapshotAtLastBeat
          for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`)
        })(),
        // Connecting has its own timeout (connectionTimeoutMillis); the first question and each LISTEN get as long.
        timeoutMs * (handlers.size + 2),
        'listening',
      )
      if (closing) {
        await next.end().catch(() => {})
        return
      }
      // A change made before this connection listened was not heard either.
      reset()
      client = next
      aliveAt = Date.now()
      const since = lostAt
      const sinceSnapshot = since ? lostHeardUpTo : null
      lostAt = null
      lostHeardUpTo = null
      for (const handler of listenings) {
        try {
          handler(since, sinceSnapshot)
        } catch (err) {
          app.log.error({ err }, 'database notifications: a listening handler failed')
        }
      }
      // Only now: a notification that came with a LISTEN's answer must not overtake what the
      // listening handlers read again (ADR 066).
      const early = held
      held = null
      for (const { channel, payload } of early) if (client === next) dispatch(channel, payload)
      let beating = false
      heartbeat = setInterval(() => {
        if (beating || client !== next) return
        beating = true
        within(next.query<{ heartbeat: string }>(HEARTBEAT_QUERY), timeoutMs, 'a heartbeat')
          .then(({ rows }) => {
            aliveAt = Date.now()
            // What committed before the previous beat, 20 s ago, was sent on long before this answer.
            heardUpTo = snapshotAtLastBeat
            snapshotAtLastBeat = rows[0]!.heartbeat
          })
          .catch((err: unknown) => onLost(err instanceof Error ? err : new Error(String(err))))
          .finally(() => {
            beating = false
          })
      }, heartbeatEveryMs)
      heartbeat.unref()
    } catch (err) {
      held = null
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
    clearInterval(heartbeat)
    const open = client
    client = null
    await open?.end().catch(() => {})
  })
}

export default fp(databaseNotifications, { name: 'database-notifications', dependencies: ['database'] })
