// How an order appears in API answers (spec §3 Commande): state label and badge from the
// shared state machine, amounts as stored when the order was placed, dates for Dakar.
import type { Commande, LigneVariante } from '@teranga/shared/customer-answers'
import { PAY_ON_DELIVERY } from '@teranga/shared/constants'
import { orderSlot } from '@teranga/shared/delivery-slots'
import { formatPrix } from '@teranga/shared/money'
import type { Suivi } from '@teranga/shared/order-messages'
import { isOrderStatus, ORDER_STATUSES } from '@teranga/shared/order-status'
import { supplementDue } from '@teranga/shared/preparation'
import { dateFr } from '../../lib/format.ts'
import { toUtilisateur } from '../auth/auth.format.ts'
import { toProduit, toVariante } from '../catalogue/catalogue.format.ts'
import { toDepotHours } from '../delivery/delivery.format.ts'
import { toModepaiement } from '../../lib/payment-modes.ts'
import type { OrdersRepository } from './orders.repository.ts'

export { commandeSchema } from '@teranga/shared/customer-answers'
export type { Commande }

type OrderRow = NonNullable<Awaited<ReturnType<OrdersRepository['one']>>>['row']
type LineRow = Awaited<ReturnType<OrdersRepository['linesOf']>>[number]

/** The variant an order line sold: its values by option name, its name and SKU; null for a line older than variants. */
export function toLigneVariante(l: LineRow): LigneVariante | null {
  if (l.vId === null) return null
  const { designation, options } = toVariante(
    { designation: l.designation, options: l.options ?? [] },
    { id: l.vId, produitId: l.id, valeurs: [l.vValeur1, l.vValeur2, l.vValeur3], code: l.vCode!, prix: 0, prixInitial: null, quantite: 0, image: null },
  )
  return { id: l.vId, options, designation, code: l.vCode! }
}

/** An order with its lines (`lines` may hold other orders' lines too: only this one's are kept). */
export function toCommande({ commande: c, client, role, modepaiement, modelivraison, depot, codepromo }: OrderRow, lines: LineRow[]): Commande {
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
    montanttotal: c.montantTotal,
    montanttotalformat: formatPrix(c.montantTotal),
    code: c.code,
    tel: c.tel,
    adresseliv: c.adresseliv,
    image: null,
    client: { ...toUtilisateur(client, role), name: client.name ?? '', login: client.login },
    modepaiement: toModepaiement(modepaiement),
    modelivraison,
    depot: depot?.id ? { id: depot.id, designation: depot.designation!, adresse: depot.adresse ?? null, ...toDepotHours(depot.horaires ?? null) } : null,
    detailcommandes: lines
      .filter((l) => l.commandeId === c.id)
      .map((l) => ({ id: l.lineId, quantite: l.lineQuantite, prix: l.linePrix, produit: toProduit(l), variante: toLigneVariante(l) })),
    codepromo: codepromo ? { code: codepromo, remise: c.remiseCode, remiseformat: formatPrix(c.remiseCode) } : null,
    creneau: orderSlot(c),
    // Paid online: the accepted dearer substitute's supplement, still due until delivered (ADR 058).
    supplement_a_payer: supplementDue({ cash: modepaiement?.code === PAY_ON_DELIVERY, etat: c.etat, supplement: c.supplement, supplementAccepted: c.supplementAccepteLe !== null }) || null,
  }
}

/** The public tracking page's order (ADR 034): state, lines and amounts, nothing of the customer's. */
export const toSuivi = (c: Commande): Suivi => ({
  numerocommande: c.numerocommande,
  etat: c.etat,
  etat_text: c.etat_text,
  etat_badge: c.etat_badge,
  created_at_fr: c.created_at_fr,
  modelivraison: c.modelivraison.designation,
  montantcommande: c.montantcommande,
  montantliv: c.montantliv,
  remise: c.remise,
  montanttotal: c.montanttotal,
  // The variant's name (« Riz brisé parfumé 25 kg »), the product's for a line older than variants.
  lignes: c.detailcommandes.map((l) => ({ designation: l.variante?.designation ?? l.produit.designation, quantite: l.quantite, prix: l.prix })),
  creneau: c.creneau ?? null,
  supplement_a_payer: c.supplement_a_payer ?? null,
  retrait: c.depot !== null,
})
