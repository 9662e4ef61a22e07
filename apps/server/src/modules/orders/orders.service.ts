// Reading orders as the customer sees them (spec §3 Commande): a page of them, or one by its
// number. Their shape is orders.format.ts.
import { pageArgs, toPage } from '../../lib/pagination.ts'
import { toCommande } from './orders.format.ts'
import type { OrdersRepository } from './orders.repository.ts'

export function createOrdersService(repo: OrdersRepository) {
  return {
    /** `clientId` null: every client's orders (admins only; the caller checks). */
    async page(clientId: number | null, viewerId: number, args: { page?: number | null; count?: number | null }) {
      const page = pageArgs(args)
      const { rows, total } = await repo.page(clientId, page)
      const lines = await repo.linesOf(
        rows.map((r) => r.commande.id),
        viewerId,
      )
      const data = rows.map((row) => toCommande(row, lines))
      return toPage(data, total, page)
    },

    /** One order by its number; undefined when it does not exist. */
    async one(numero: string, viewerId: number) {
      const found = await repo.one(numero, viewerId)
      if (!found) return undefined
      return { clientId: found.row.commande.clientId, commande: toCommande(found.row, found.lines) }
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
