// What the shop counts for its supervision (GET /metrics, ADR 029): one prom-client registry
// per app instance (tests run several in one process). Every label takes a bounded set of
// values: a route's pattern, never its URL; a provider, a state or an outcome from a fixed list.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client.ts'

/** The caches whose lookups are counted. */
export type CacheName = 'graphql' | 'catalogue'

/** The route label of a request no route matched (404s, the storefront's pages): one value for all. */
export const UNMATCHED_ROUTE = '(aucune)'

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The payment providers (payment-provider.ts's ProviderName must fit: the payments service passes one). */
export const PAYMENT_PROVIDERS = ['wave', 'paytech'] as const
/**
 * A payment notification's outcome: applied (payee, echouee, a_rembourser, doublon, ignore), a
 * success the provider did not confirm (non_confirme), or refused: signature_refusee (a
 * well-formed notification whose signature does not match: a webhook secret changed on one side),
 * perimee (a right signature too old or too new: a replay, or the server's clock), malformee
 * (junk: a body or a signature header the provider would never send).
 */
export const PAYMENT_OUTCOMES = ['payee', 'echouee', 'a_rembourser', 'doublon', 'ignore', 'non_confirme', 'signature_refusee', 'perimee', 'malformee'] as const
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number]
const REFUND_PROVIDERS = [...PAYMENT_PROVIDERS, 'cash'] as const
const REFUND_OUTCOMES = ['effectue', 'echoue'] as const
const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const
const MESSAGE_OUTCOMES = ['envoye', 'nouvel_essai', 'abandonne', 'reporte', 'refuse'] as const

export interface Metrics {
  /** The Prometheus text of every metric (content type `contentType`). */
  text(): Promise<string>
  contentType: string
  /** One answered request: its route pattern (undefined when none matched), status and duration. */
  request(method: string, route: string | undefined, status: number, seconds: number): void
  /** Orders placed (by first state) and moved (by states), once their transaction committed. */
  orderPlaced(etat: string): void
  orderMoved(from: string, to: string): void
  /** A payment notification's outcome (payments.service's WebhookOutcome), once applied. */
  payment(provider: (typeof PAYMENT_PROVIDERS)[number], outcome: PaymentOutcome): void
  /** A refund's outcome: `effectue` or `echoue`. */
  refund(provider: (typeof REFUND_PROVIDERS)[number], outcome: (typeof REFUND_OUTCOMES)[number]): void
  /** A lookup in one of the caches. */
  cacheLookup(cache: CacheName, hit: boolean): void
  /** An order message's attempt (ADR 034): sent, to be tried again, or given up for good. */
  orderMessage(channel: (typeof MESSAGE_CHANNELS)[number], outcome: (typeof MESSAGE_OUTCOMES)[number]): void
}

/**
 * A probe's answer, or `fallback` when it fails or takes over 2 s: a database that hangs must
 * not hold the whole scrape past Prometheus's timeout (the instance would look down, not unready).
 */
function within<T>(probe: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), 2000)
    timer.unref()
  })
  return Promise.race([probe.catch(() => fallback), late]).finally(() => clearTimeout(timer))
}

/** What /metrics asks at each scrape (ADR 067): read then, so every instance says the same. */
export interface MetricsProbes {
  /** Whether GET /ready would answer 200 now. */
  ready(): Promise<boolean>
  /** Each backup step's last success, seconds since the epoch (steps never done are left out). */
  backups(): Promise<Array<{ step: string; seconds: number }>>
}

export function createMetrics(database: Pick<Database, 'poolStats' | 'onPoolCheckout'> & Partial<Pick<Database, 'replica'>>, probes?: MetricsProbes): Metrics & { close(): void } {
  const registry = new Registry()
  const registers = [registry]
  // The process: CPU, memory, handles, garbage collection and the event loop's lag
  // (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry })

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status, with their duration (the _count series counts them).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const refusals = new Counter({
    name: 'teranga_rate_limit_refusals_total',
    help: 'Requests refused for going over a limit (answered 429), by route pattern.',
    labelNames: ['route'] as const,
    registers,
  })
  const placed = new Counter({ name: 'teranga_orders_placed_total', help: 'Orders placed, by their first state.', labelNames: ['etat'] as const, registers })
  const moved = new Counter({ name: 'teranga_order_moves_total', help: 'Orders moved from one state to another (committed).', labelNames: ['from', 'to'] as const, registers })
  const payments = new Counter({
    name: 'teranga_payment_notifications_total',
    help: "Payment providers' notifications, by provider and outcome: applied (payee, echouee, a_rembourser, doublon, ignore), a success the provider did not confirm (non_confirme), or refused: a well-formed notification with a wrong signature (signature_refusee), a right signature out of its time window (perimee), junk (malformee).",
    labelNames: ['provider', 'outcome'] as const,
    registers,
  })
  const refunds = new Counter({ name: 'teranga_refunds_total', help: 'Refunds done or refused, by provider (cash for money given back by hand).', labelNames: ['provider', 'outcome'] as const, registers })
  const lookups = new Counter({ name: 'teranga_cache_lookups_total', help: 'Lookups in the anonymous catalogue caches, by cache and result (hit or miss).', labelNames: ['cache', 'result'] as const, registers })
  new Gauge({
    name: 'teranga_db_pool_connections',
    help: "The database pool's connections: busy, idle, and the pool's maximum.",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = database.poolStats()
      this.set({ state: 'busy' }, pool.total - pool.idle)
      this.set({ state: 'idle' }, pool.idle)
      this.set({ state: 'max' }, pool.max)
    },
  })
  new Gauge({
    name: 'teranga_db_pool_waiting',
    help: 'Queries and transactions waiting for a free database connection.',
    registers,
    collect() {
      this.set(database.poolStats().waiting)
    },
  })
  const waits = new Histogram({
    name: 'teranga_db_pool_wait_seconds',
    help: 'How long each query or transaction waited for a database connection.',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers,
  })
  const messages = new Counter({
    name: 'teranga_order_messages_total',
    help: "Order messages by channel (sms, whatsapp) and outcome: envoye, nouvel_essai (failed, tried again later), abandonne (failed for good), reporte (the number's allowance for the day is spent: sent the next day), refuse (a number the shop does not message: not a Senegalese mobile, nor of a country the settings allow).",
    labelNames: ['channel', 'outcome'] as const,
    registers,
  })
  // The read replica (ADR 064), only when DATABASE_REPLICA_URL names one; its lag is NaN while
  // it does not answer (then in_use is 0).
  const replica = database.replica
  if (replica) {
    new Gauge({
      name: 'teranga_db_replica_lag_seconds',
      help: 'How long ago the primary was at a WAL position the read replica has not replayed yet (0 when it has replayed all); NaN while the replica does not answer.',
      registers,
      collect() {
        this.set(replica.status().lagSeconds ?? Number.NaN)
      },
    })
    new Gauge({
      name: 'teranga_db_replica_in_use',
      help: 'Whether the anonymous catalogue reads go to the read replica now (1), or to the primary (0: replica down, too far behind, or a catalogue write not replayed yet).',
      registers,
      collect() {
        this.set(replica.status().inUse ? 1 : 0)
      },
    })
  }
  if (probes) {
    new Gauge({
      name: 'teranga_ready',
      help: 'Whether GET /ready answers 200 now (1) or 503 (0: database unreachable, a migration missing, or stopping).',
      registers,
      async collect() {
        this.set((await within(probes.ready(), false)) ? 1 : 0)
      },
    })
    new Gauge({
      name: 'teranga_backup_last_success_timestamp_seconds',
      help: 'When each backup step last succeeded (archive: the nightly archive; offsite: its copy off the server; drill: the monthly restore drill), seconds since the epoch.',
      labelNames: ['step'] as const,
      registers,
      async collect() {
        // Absent rather than stale when the database does not answer: teranga_ready says why.
        this.reset()
        for (const { step, seconds } of await within(probes.backups(), [])) this.set({ step }, seconds)
      },
    })
  }
  const stopWaits = database.onPoolCheckout((seconds) => waits.observe(seconds))

  // Every label set the alert rules watch starts at 0: a counter shows a series only from its
  // first inc, and increase() over a series that appears at 1 sees nothing, so the first refused
  // signature, refund or message given up after a restart would never alert.
  for (const provider of PAYMENT_PROVIDERS) for (const outcome of PAYMENT_OUTCOMES) payments.inc({ provider, outcome }, 0)
  for (const provider of REFUND_PROVIDERS) for (const outcome of REFUND_OUTCOMES) refunds.inc({ provider, outcome }, 0)
  for (const channel of MESSAGE_CHANNELS) for (const outcome of MESSAGE_OUTCOMES) messages.inc({ channel, outcome }, 0)

  return {
    text: () => registry.metrics(),
    contentType: registry.contentType,
    request(method, route, status, seconds) {
      const labels = { method: METHODS.has(method) ? method : 'OTHER', route: route ?? UNMATCHED_ROUTE }
      requests.observe({ ...labels, status: String(status) }, seconds)
      if (status === 429) refusals.inc({ route: labels.route })
    },
    orderPlaced: (etat) => placed.inc({ etat }),
    orderMoved: (from, to) => moved.inc({ from, to }),
    payment: (provider, outcome) => payments.inc({ provider, outcome }),
    refund: (provider, outcome) => refunds.inc({ provider, outcome }),
    cacheLookup: (cache, hit) => lookups.inc({ cache, result: hit ? 'hit' : 'miss' }),
    orderMessage: (channel, outcome) => messages.inc({ channel, outcome }),
    close: () => {
      stopWaits()
      registry.clear()
    },
  }
}
