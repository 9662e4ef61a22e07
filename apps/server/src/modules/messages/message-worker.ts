// The order messages' worker (ADR 034): away from any request, it claims due messages from the
// outbox (FOR UPDATE SKIP LOCKED: every instance runs one), sends each through its channel's
// provider, and marks it sent; a failure is tried again later with exponential backoff, and
// after `maxAttempts` (or a refusal no retry can mend) the message is given up for good:
// logged (its id and order, never the number nor the text) and counted in /metrics. A customer's
// number gets at most `DAILY_ALLOWANCE` messages a day, Dakar's (issue 23 §4): the next ones
// wait for midnight, counted in /metrics.
import type { FastifyBaseLogger } from 'fastify'
import type { Metrics } from '../../lib/metrics.ts'
import { MessageProviderError, type MessageChannel, type MessageProvider } from './message-provider.ts'
import type { MessagesRepository } from './messages.repository.ts'

/**
 * Customer messages a number is given a day (Dakar's day), whichever instance sends them: one
 * order's whole path is at most 5 (placed, paid, confirmed, on its way, delivered), so a second
 * order the same day mostly fits too; a number flooded with orders (SMS pumping, or a nuisance)
 * costs the shop at most this many messages a day. The staff's numbers are not limited.
 */
export const DAILY_ALLOWANCE = 8

export interface WorkerOptions {
  /** Tries before a message is given up (8: about two hours of retries at the default base). */
  maxAttempts?: number
  /** The first retry's wait; each next one doubles, up to `maxDelayMs`. */
  retryBaseMs?: number
  maxDelayMs?: number
  /** How long a claimed message stays out of other workers' reach (longer than any send). */
  leaseSeconds?: number
  batch?: number
  /** Customer messages per number and day (`DAILY_ALLOWANCE`). */
  dailyAllowance?: number
}

export interface RunReport {
  sent: number
  retried: number
  failed: number
  /** Over their number's allowance for the day: put off to the next. */
  postponed: number
}

export function createMessageWorker(deps: {
  repo: MessagesRepository
  providers: Partial<Record<MessageChannel, MessageProvider>>
  log: FastifyBaseLogger
  metrics: Pick<Metrics, 'orderMessage'>
  options?: WorkerOptions
  now?: () => number
}) {
  const { repo, providers, log, metrics } = deps
  const maxAttempts = deps.options?.maxAttempts ?? 8
  const base = deps.options?.retryBaseMs ?? 30_000
  const maxDelay = deps.options?.maxDelayMs ?? 30 * 60_000
  const lease = deps.options?.leaseSeconds ?? 120
  const batch = deps.options?.batch ?? 20
  const allowance = deps.options?.dailyAllowance ?? DAILY_ALLOWANCE
  const now = deps.now ?? Date.now

  /** The wait after the `attempts`-th failure: base, 2×base, 4×base… with up to a fifth less, so retries spread. */
  const backoff = (attempts: number) => {
    const delay = Math.min(maxDelay, base * 2 ** (attempts - 1))
    return delay - Math.floor(Math.random() * delay * 0.2)
  }

  async function deliver(message: Awaited<ReturnType<MessagesRepository['claim']>>[number], report: RunReport) {
    const provider = providers[message.channel]
    // The allowance is taken before the provider is asked (a send that fails has used it: the
    // provider may have delivered it anyway); a message over it waits for tomorrow, Dakar's.
    if (provider && message.audience === 'client' && !(await repo.takeDailySlot(message.recipient, allowance))) {
      await repo.postponeToTomorrow(message.id)
      metrics.orderMessage(message.channel, 'reporte')
      log.info({ messageId: message.id, channel: message.channel }, "order message put off to tomorrow: its number's allowance for the day is spent")
      report.postponed++
      return
    }
    try {
      if (!provider) throw new MessageProviderError(message.channel, 'channel off', false)
      const { providerRef } = await provider.send(message.recipient, message.body)
      await repo.sent(message.id, providerRef)
      metrics.orderMessage(message.channel, 'envoye')
      report.sent++
    } catch (err) {
      const retryable = !(err instanceof MessageProviderError) || err.retryable
      const reason = err instanceof Error ? err.message : 'unknown'
      if (retryable && message.attempts < maxAttempts) {
        await repo.retryAt(message.id, new Date(now() + backoff(message.attempts)))
        metrics.orderMessage(message.channel, 'nouvel_essai')
        log.warn({ messageId: message.id, channel: message.channel, attempts: message.attempts, reason }, 'order message not sent: tried again later')
        report.retried++
      } else {
        await repo.failed(message.id)
        metrics.orderMessage(message.channel, 'abandonne')
        log.error({ messageId: message.id, channel: message.channel, attempts: message.attempts, reason }, 'order message given up')
        report.failed++
      }
    }
  }

  /** Sends every message due now, batch after batch; answers what happened. */
  async function runOnce(): Promise<RunReport> {
    const report: RunReport = { sent: 0, retried: 0, failed: 0, postponed: 0 }
    for (;;) {
      const claimed = await repo.claim(batch, lease)
      // One recipient's messages in the order of their events (an order's « confirmée » never
      // before its « reçue »), different recipients at once.
      const byRecipient = new Map<string, typeof claimed>()
      for (const message of claimed) {
        const key = `${message.channel}:${message.recipient}`
        byRecipient.set(key, [...(byRecipient.get(key) ?? []), message])
      }
      await Promise.all(
        [...byRecipient.values()].map(async (messages) => {
          for (const message of messages) await deliver(message, report)
        }),
      )
      if (claimed.length < batch) return report
    }
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let lastPurge = 0
  const tick = () => {
    running ??= runOnce()
      .then(async () => {
        // Once an hour: sent and given-up messages older than 30 days go (numbers and texts are personal data).
        if (now() - lastPurge > 3_600_000) {
          lastPurge = now()
          await repo.purge(new Date(now() - 30 * 86_400_000))
          await repo.purgeDailyCounts()
        }
      })
      .catch((err: unknown) => log.error({ err }, 'the order messages worker failed; it tries again'))
      .finally(() => {
        running = undefined
      })
  }

  return {
    runOnce,
    /** Polls every `everyMs`; the poll never holds the process open. */
    start(everyMs: number) {
      timer = setInterval(tick, everyMs)
      timer.unref()
    },
    /** Stops polling; a run under way finishes (its messages marked) before it resolves. */
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

export type MessageWorker = ReturnType<typeof createMessageWorker>
