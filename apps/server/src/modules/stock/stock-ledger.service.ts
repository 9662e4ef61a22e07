// The stock ledger (issue 24 §1, ADR 048, ADR 053): the one writer of variants' stock
// (`variantes.quantite`, which the database sums into their products') and of the stock history
// (`mouvements_stock`). Orders take and give back, refunds restock,
// the back-office catalogue and its import adjust, each through here on the transaction it gives,
// and each change is one statement that writes its history line with it.
import type { Executor } from '../../db/client.ts'
import type { PageArgs } from '../../lib/pagination.ts'
import { createStockLedgerRepository, type MovementRow, type StockLine } from './stock-ledger.repository.ts'

export type { MovementRow, StockLine } from './stock-ledger.repository.ts'

/** Why an order's goods go back on the shelf, and who decided it (a staff member, or none for the customer and the system). */
export interface StockBack {
  raison: 'annulation' | 'remboursement'
  motif: string | null
  staffId: number | null
}

/** A change of stock that no order makes: a staff member's delivery or loss, an import, a new product's first stock. */
export interface StockAdjustment {
  raison: 'manuel' | 'import' | 'creation'
  motif?: string | null
  staffId: number
}

/** The ledger bound to the caller's transaction (the order lifecycle's, the catalogue's write). */
export function stockLedger(tx: Executor) {
  const repo = createStockLedgerRepository(tx)
  return {
    /**
     * An order's lines taken from stock, all or nothing: each variant's stock goes down only if
     * it holds the line's quantity, so two orders for the last unit never both get it (the caller
     * has locked the rows and checked the stock; this stays the guard). False when a line could not
     * be taken: the caller then rolls the transaction back. One statement, with the `vente` lines.
     */
    async take(commandeId: number, lines: readonly StockLine[]): Promise<boolean> {
      if (lines.length === 0) return true
      const taken = new Set(lines.map((line) => line.varianteId)).size
      return (await repo.take(lines, { raison: 'vente', motif: null, staffId: null, commandeId })) === taken
    },

    /**
     * Puts an order's goods back in stock: `lines` (a refund's restock), or else the whole order
     * (a cancel, an expiry) less what its refunds already put back. The lifecycle reaches a
     * cancelled state once, so the whole order goes back once.
     */
    async giveBack(commandeId: number, why: StockBack, lines?: readonly StockLine[]): Promise<void> {
      const cause = { ...why, commandeId }
      if (lines) {
        if (lines.length > 0) await repo.putBack(lines, cause)
      } else await repo.putBackOrder(commandeId, cause)
    },

    /**
     * An order's preparation (issue 25 §2, ADR 055): the units not prepared go back on the shelf,
     * the substitutes are taken, all or nothing (false when a substitute's stock does not hold
     * its quantity: the caller rolls back), each history line `preparation` with the order.
     */
    async prepared(commandeId: number, change: { back: readonly StockLine[]; taken: readonly StockLine[]; staffId: number }): Promise<boolean> {
      const cause = { raison: 'preparation' as const, motif: null, staffId: change.staffId, commandeId }
      if (change.taken.length > 0) {
        const wanted = new Set(change.taken.map((line) => line.varianteId)).size
        if ((await repo.take(change.taken, cause)) !== wanted) return false
      }
      if (change.back.length > 0) await repo.putBack(change.back, cause)
      return true
    },

    /**
     * Changes one variant's stock by `delta` and records why; undefined (nothing written) when the
     * variant is gone or the stock would go below 0. A `delta` of 0 changes and records nothing.
     */
    async adjust(varianteId: number, delta: number, why: StockAdjustment): Promise<MovementRow | undefined> {
      if (delta === 0) return undefined
      return repo.adjust(varianteId, delta, { raison: why.raison, motif: why.motif ?? null, staffId: why.staffId, commandeId: null })
    },
  }
}

export type StockLedger = ReturnType<typeof stockLedger>

/** A product's stock history (or one of its variants') as the back office lists it: a page, newest first, and the count of lines. */
export function stockHistory(db: Executor) {
  const repo = createStockLedgerRepository(db)
  return {
    page: (produitId: number, page: PageArgs, varianteId?: number) => repo.historyPage(produitId, page, varianteId),
    count: (produitId: number, varianteId?: number) => repo.historyCount(produitId, varianteId),
  }
}
