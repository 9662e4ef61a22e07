// Orders as the customer sees them (spec §3 Commande): state label and badge from the shared
// state machine, amounts as stored when the order was placed.
import { isOrderStatus, ORDER_STATUSES } from '@teranga/shared/order-status'
import { formatPrix } from '@teranga/shared/money'
import { orderTotal } from '@teranga/shared/order-amounts'
import { dateFr } from '../../lib/dates.ts'
import { pageArgs, toPage } from '../../lib/pagination.ts'
import { toUtilisateur } from '../auth/auth.service.ts'
import { toModepaiement } from '@teranga/shared/payment-modes'
import { toProduit } from '../catalogue/product-projection.ts'
import type { OrdersRepository } from './orders.repository.ts'


type OrderRow = NonNullable<Awaited<ReturnType<OrdersRepository['one']>>>
type LineRow = Awaited<ReturnType<OrdersRepository['linesOf']>>[number]

/** An order as the API shows it (spec §3 Commande). */
function toCommande({ commande: c, client, role, modepaiement, modelivraison, depot }: OrderRow, lines: LineRow[]) {
  const status = isOrderStatus(c.etat) ? ORDER_STATUSES[c.etat] : { text: c.etat, badge: 'secondary' }
  return {
    id: c.id,
    numerocommande: c.numerocommande,
    etat: c.etat,
    etat_text: status.text,
    etat_badge: status.badge,
    datecomm: c.datecomm.toISOString(),
    created_at_fr: dateFr.format(c.datecomm),
    dateliv: c.dateliv?.toISOString() ?? null,
    montantcommande: c.montantcommande,
    montantliv: c.montantliv,
    remise: c.remise,
    montanttotal: orderTotal(c),
    montanttotalformat: formatPrix(orderTotal(c)),
    code: c.code,
    tel: c.tel,
    adresseliv: c.adresseliv,
    image: null,
    client: { ...toUtilisateur(client, role), name: client.name ?? '', login: client.login },
    modepaiement: toModepaiement(modepaiement),
    modelivraison,
    depot: depot?.id ? depot : null,
    detailcommandes: lines
      .filter((l) => l.commandeId === c.id)
      .map((l) => ({ id: l.lineId, quantite: l.lineQuantite, prix: l.linePrix, produit: toProduit(l) })),
  }
}

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
      const row = await repo.one(numero)
      if (!row) return undefined
      return { clientId: row.commande.clientId, commande: toCommande(row, await repo.linesOf([row.commande.id], viewerId)) }
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
