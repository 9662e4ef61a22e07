// The owner's alerts (issue 26 §4, ADR 062): the « Alertes » settings (read, and written audited),
// and the sweep every instance runs each minute — stock crossings grouped in one message, the
// daily summary once per Dakar day, unpaid orders about to expire and payments failed twice once
// per order. Each alert is a unique row written with its messages in one transaction, so several
// instances and restarts send each once; its messages go through the messages module's outbox.
import { orderTotal } from '@teranga/shared/order-amounts'
import type { AlertSettings, AlertSettingsInput } from '@teranga/shared/staff-alerts'
import { ALERT_MESSAGES } from '@teranga/shared/staff-alerts'
import type { Executor } from '../../db/client.ts'
import { badInput } from '../../lib/errors.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import type { OrderMessages } from '../messages/messages.service.ts'
import { dailySummaryText, paymentFailedTwiceText, stockLowText, unpaidExpiringText } from './alert-texts.ts'
import { createAlertsRepository, STOCK_ALERTS_PER_DAY, type AlertKind } from './alerts.repository.ts'

/** What one sweep wrote: how many alerts of each kind (each is one message per staff number). */
export interface SweepOutcome {
  stock: number
  resume: number
  impayee: number
  paiement_echoue: number
}

/** Dakar's date and HH:MM at `at` (Africa/Dakar is UTC all year, without summer time). */
export function dakarClock(at: Date): { day: string; time: string } {
  const iso = at.toISOString()
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) }
}

/** How many low variants the summary reads to fill its two SMS parts. */
const SUMMARY_READS = 20
const DAY_MS = 24 * 60 * 60 * 1000

export function createAlertsService(deps: { db: Executor; audit: Audit; messages: Pick<OrderMessages, 'alertStaff'>; publicUrl: string }) {
  const { db, audit, messages, publicUrl } = deps
  const adminLink = (numero: string) => `${publicUrl}/admin/commandes/${encodeURIComponent(numero)}`

  /** The alert keyed (kind, cle) and its messages, in `tx`: nothing when another sweep wrote it first. */
  async function alertOnce(tx: Executor, settings: AlertSettings, kind: AlertKind, cle: string, body: string) {
    const id = await createAlertsRepository(tx).claim(kind, cle)
    if (id === null) return false
    await messages.alertStaff(tx, { id, channel: settings.canal, body })
    return true
  }

  return {
    settings: () => createAlertsRepository(db).settings(),

    async updateSettings(staffId: number, input: AlertSettingsInput) {
      if (Object.values(input).every((value) => value === undefined)) throw badInput(ALERT_MESSAGES.nothingToChange)
      return db.transaction(async (tx) => {
        const repo = createAlertsRepository(tx)
        const before = (await repo.hasSettings()) ? await repo.settings() : null
        await repo.saveSettings(input)
        const after = await repo.settings()
        await audit.record(tx, { staffId, action: 'alertes.modifier', resource: 'alertes', resourceId: 1, before, after })
        return after
      })
    },

    /** One sweep at `at` (the clock is the caller's, so the tests choose the hour). */
    async sweep(at: Date = new Date()): Promise<SweepOutcome> {
      const outcome: SweepOutcome = { stock: 0, resume: 0, impayee: 0, paiement_echoue: 0 }
      const settings = await createAlertsRepository(db).settings()

      // Stock crossings: the marks follow the stock even with the alerts off, so that turning them
      // on does not tell of every product already low at once. At most STOCK_ALERTS_PER_DAY a
      // Dakar day (staff messages are not under the worker's daily allowance): the key is the
      // day and the alert's rank in it, so that two instances never write the same rank twice.
      const clock = dakarClock(at)
      await db.transaction(async (tx) => {
        const repo = createAlertsRepository(tx)
        const crossed = await repo.markCrossings(at)
        if (crossed.length === 0 || !settings.stock) return
        const body = stockLowText(crossed)
        for (let rank = (await repo.stockAlertsOn(clock.day)) + 1; rank <= STOCK_ALERTS_PER_DAY; rank++) {
          if (await alertOnce(tx, settings, 'stock', `${clock.day}:${rank}`, body)) {
            outcome.stock++
            return
          }
        }
      })

      // The daily summary, once per Dakar day, from the owner's time on (a restart after it still sends the day's).
      if (settings.resume_heure !== null && clock.time >= settings.resume_heure) {
        await db.transaction(async (tx) => {
          const low = await createAlertsRepository(tx).lowStock(SUMMARY_READS)
          if (await alertOnce(tx, settings, 'resume', clock.day, dailySummaryText(low.items, low.total))) outcome.resume++
        })
      }

      if (settings.impayees) {
        for (const order of await createAlertsRepository(db).unpaidExpiring(at, settings.impayees_minutes)) {
          const minutes = Math.max(1, Math.ceil((new Date(order.expires_at).getTime() - at.getTime()) / 60_000))
          const body = unpaidExpiringText({ numero: order.numerocommande, total: orderTotal(order), minutes, adminLink: adminLink(order.numerocommande) })
          if (await db.transaction((tx) => alertOnce(tx, settings, 'impayee', String(order.id), body))) outcome.impayee++
        }
      }

      if (settings.paiement_echoue) {
        // The payments module owns the attempts and counts the recent failures (an old one is not news); this module picks the orders.
        for (const order of await createAlertsRepository(db).failedNotAlerted(2, new Date(at.getTime() - DAY_MS))) {
          const body = paymentFailedTwiceText({ numero: order.numerocommande, total: orderTotal(order), echecs: order.echecs, adminLink: adminLink(order.numerocommande) })
          if (await db.transaction((tx) => alertOnce(tx, settings, 'paiement_echoue', String(order.id), body))) outcome.paiement_echoue++
        }
      }
      return outcome
    },

    /** Alerts' keys past 30 days go (hourly, with the messages' own purge). */
    purge: (at: Date = new Date()) => createAlertsRepository(db).purge(new Date(at.getTime() - 30 * DAY_MS)),
  }
}

export type AlertsService = ReturnType<typeof createAlertsService>
