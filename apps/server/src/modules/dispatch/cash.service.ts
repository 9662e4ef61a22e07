// The cash page (issue 25 §4, ADR 057): each courier's day worked out from the delivered cash
// orders and the hand-back lines, and a hand-back recorded with its audit line in one
// transaction. A line is never edited: a mistake is corrected by another line.
import {
  CASH_MESSAGES,
  CASH_SUMMARY_DAYS,
  type CashCourierDay,
  type CashDaySummary,
  type Remise,
} from '@teranga/shared/backoffice-cash'
import { DISPATCH_MESSAGES } from '@teranga/shared/backoffice-dispatch'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import type { Executor } from '../../db/client.ts'
import { badInput } from '../../lib/errors.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import { createCashRepository, type CashFigures } from './cash.repository.ts'

/** The two differences of ADR 057: cash still with the courier, and cash not collected. */
const withDifferences = (f: Pick<CashFigures, 'commandes' | 'aEncaisser' | 'encaisse' | 'remis'>) => ({
  commandes: f.commandes,
  a_encaisser: f.aEncaisser,
  encaisse: f.encaisse,
  remis: f.remis,
  ecart: f.encaisse - f.remis,
  ecart_encaissement: f.aEncaisser - f.encaisse,
})

export function createCashService(deps: { db: Executor; audit: Audit }) {
  const { db, audit } = deps

  return {
    /** Every courier with a delivered cash order or a hand-back on `date` (default today), by name. */
    async day(date: string = shopDay()): Promise<CashCourierDay[]> {
      const repo = createCashRepository(db)
      const figures = await repo.figures(date, date)
      const byCourier = new Map(figures.map((f) => [f.livreurId, f]))
      const couriers = await repo.couriers([...byCourier.keys()])
      return couriers.map((livreur) => ({ livreur, ...withDifferences(byCourier.get(livreur.id)!) }))
    },

    /** The CASH_SUMMARY_DAYS days ending with `jusqua` (default today), newest first, each courier added up. */
    async days(jusqua: string = shopDay()): Promise<CashDaySummary[]> {
      const du = addDays(jusqua, -(CASH_SUMMARY_DAYS - 1))
      const figures = await createCashRepository(db).figures(du, jusqua)
      return Array.from({ length: CASH_SUMMARY_DAYS }, (_, i) => {
        const date = addDays(jusqua, -i)
        const total = { commandes: 0, aEncaisser: 0, encaisse: 0, remis: 0 }
        for (const f of figures) {
          if (f.jour !== date) continue
          total.commandes += f.commandes
          total.aEncaisser += f.aEncaisser
          total.encaisse += f.encaisse
          total.remis += f.remis
        }
        return { date, ...withDifferences(total) }
      })
    },

    /**
     * Each courier's days from `du` to `au` with a delivered cash order or a hand-back, oldest day
     * first, by name (the export, ADR 060): the page's figures, not a second computation.
     */
    async range(du: string, au: string): Promise<Array<CashCourierDay & { date: string }>> {
      const repo = createCashRepository(db)
      const figures = await repo.figures(du, au)
      const couriers = await repo.couriers([...new Set(figures.map((f) => f.livreurId))])
      const rank = new Map(couriers.map((c, i) => [c.id, i]))
      const byId = new Map(couriers.map((c) => [c.id, c]))
      return figures
        .toSorted((a, b) => (a.jour === b.jour ? rank.get(a.livreurId)! - rank.get(b.livreurId)! : a.jour < b.jour ? -1 : 1))
        .map((f) => ({ date: f.jour, livreur: byId.get(f.livreurId)!, ...withDifferences(f) }))
    },

    /** Records one hand-back line (a negative one corrects an earlier line), audited. */
    async addRemise(staffId: number, input: { livreur: number; date: string; montant: number; note: string | null }): Promise<Remise> {
      if (input.date > shopDay()) throw badInput(CASH_MESSAGES.dateFuture, { date: [CASH_MESSAGES.dateFuture] })
      return db.transaction(async (tx) => {
        const repo = createCashRepository(tx)
        if (!(await repo.courierExists(input.livreur))) throw badInput(DISPATCH_MESSAGES.courierNotFound, { livreur: [DISPATCH_MESSAGES.courierNotFound] })
        const row = await repo.insertRemise({ livreurId: input.livreur, date: input.date, montant: input.montant, note: input.note, staffId })
        const remise = { id: row.id, livreur: row.livreurId, date: row.date, montant: row.montant, note: row.note, created_at: row.createdAt.toISOString() }
        await audit.record(tx, { staffId, action: 'caisse.remise', resource: 'remise_caisse', resourceId: row.id, after: remise })
        return remise
      })
    },
  }
}

export type CashService = ReturnType<typeof createCashService>
