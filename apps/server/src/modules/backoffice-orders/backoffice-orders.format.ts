// The back office's order answers (docs/back-office-api.md « Orders »): the summary of the
// list, the detail, the dashboard; amounts in whole FCFA with their French forms. Their schemas
// are packages/shared's (backoffice-orders.ts), which the admin app reads its types from.
import type { OrderDispatch } from '@teranga/shared/backoffice-dispatch'
import type { OrderDetail, OrderSummary } from '@teranga/shared/backoffice-orders'
import { orderSlot } from '@teranga/shared/delivery-slots'
import { PAY_ON_DELIVERY } from '@teranga/shared/constants'
import { formatPrix } from '@teranga/shared/money'
import { goodsPaid, lineCharge, lineShares, variantShares } from '@teranga/shared/order-amounts'
import { amountToCollect, supplementDue } from '@teranga/shared/preparation'
import { isCustomerOnlyMove, isOrderStatus, isProviderOnly, nextStates, ORDER_STATUSES } from '@teranga/shared/order-status'
import { mediaFields } from '@teranga/shared/media'
import { isOrderPaid } from '@teranga/shared/payment-labels'
import { whatsappLink } from '@teranga/shared/phone'
import { dateFr } from '../../lib/format.ts'
import type { ShownAttempt } from '../payments/payment-ledger.service.ts'
import type { BackofficeOrdersRepository, DetailExtraRow, ExportLineRow, SummaryRow } from './backoffice-orders.repository.ts'
import type { ExportColumn } from '../../lib/export-file.ts'
import type { OrderRefunds } from '../payments/refunds.service.ts'

const status = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat] : { text: etat, badge: 'secondary', next: [] as readonly string[] })

// An account opened with a phone number may have neither name nor email: its phone then.
const fullName = (r: { prenom: string | null; name: string | null; email: string | null; telephone: string | null }) =>
  [r.prenom, r.name].filter(Boolean).join(' ').trim() || r.email || r.telephone || ''

export function formatSummary(r: SummaryRow): OrderSummary {
  const s = status(r.etat)
  const total = r.montant_total
  return {
    numero: r.numerocommande,
    etat: r.etat,
    etat_text: s.text,
    etat_badge: s.badge,
    datecomm: r.datecomm.toISOString(),
    date_fr: dateFr.format(r.datecomm),
    client: { id: r.client_id, nom: fullName(r), telephone: r.telephone },
    total,
    total_fr: formatPrix(total),
    modepaiement: { code: r.mp_code, designation: r.mp_designation },
    modelivraison: { code: r.ml_code, designation: r.ml_designation },
    zone: r.zone,
    depot: r.depot_id === null ? null : { id: r.depot_id, designation: r.depot_designation ?? '' },
    a_rembourser: r.a_rembourser,
    expires_at: r.expires_at ? r.expires_at.toISOString() : null,
    creneau: orderSlot({ creneauDate: r.creneau_date, creneauDebut: r.creneau_debut, creneauFin: r.creneau_fin }),
  }
}

export const mapLink = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? null : `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`

type Lines = Awaited<ReturnType<BackofficeOrdersRepository['lines']>>
type History = Awaited<ReturnType<BackofficeOrdersRepository['history']>>

/** Whether money came for the order (packages/shared `isOrderPaid`) and some of it can still go back: from payment on (issue 23 §2). */
export function isRefundable(etat: string, payment: ShownAttempt | undefined, cash: boolean, refunded: boolean): boolean {
  if (refunded || etat === 'remboursee') return false // nothing left to give back
  return isOrderPaid({ etat, cash, payment })
}

/** An order's detail but its refunds, which the refunds service adds. */
export function formatDetail(r: SummaryRow & DetailExtraRow, lines: Lines, history: History, payment: ShownAttempt | undefined, refunded: boolean, dispatch: OrderDispatch): Omit<OrderDetail, keyof OrderRefunds> {
  const summary = formatSummary(r)
  const cash = r.mp_code === PAY_ON_DELIVERY
  const next = isOrderStatus(r.etat) ? nextStates(r.etat, r.ml_code) : []
  // What was paid for each line (ADR 041), by its variant (ADR 053): the refund gives back the same francs.
  const lineKey = (l: Lines[number]) => l.variante_id ?? -l.produit_id
  const shares = variantShares(
    lines.map((l) => ({ variante: lineKey(l), prix: l.prix, quantite: l.quantite })),
    goodsPaid({ montantcommande: r.montantcommande, remise: r.remise, remiseLivraison: r.remise_livraison }),
  )
  return {
    ...summary,
    lignes: lines.map((l) => ({
      produit: { id: l.produit_id, designation: l.designation, code: l.code, image: mediaFields(l.image).image },
      variante: l.variante_id === null ? null : { id: l.variante_id, designation: l.variante_designation!, code: l.variante_code! },
      quantite: l.quantite,
      prix: l.prix,
      prix_fr: formatPrix(l.prix),
      // A dearer substitute is charged at most what it replaces until the shopper accepts (ADR 055).
      total: lineCharge(l),
      total_fr: formatPrix(lineCharge(l)),
      paye: shares.get(lineKey(l)) ?? 0,
      paye_fr: formatPrix(shares.get(lineKey(l)) ?? 0),
      // Preparation (ADR 055): the shopper's choice, what was ordered, what a substitute replaces.
      ligne: l.id,
      categorie: l.categorie,
      remplacer: l.remplacer,
      quantite_commandee: l.quantite_commandee,
      remplace: l.remplace_ligne_id,
      supplement: l.supplement,
    })),
    note_preparation: r.note_preparation,
    preparee: r.prepare_le === null ? null : new Date(r.prepare_le).toISOString(),
    supplement: r.supplement,
    supplement_accepte: r.supplement_accepte_le !== null,
    // What the courier collects: a cash order's total (after its preparation); paid online, the
    // supplement the shopper accepted while still due (ADR 058: not once delivered, cancelled or
    // refunded), else none.
    a_encaisser: cash ? amountToCollect({ cash, total: r.montant_total, supplement: r.supplement, supplementAccepted: r.supplement_accepte_le !== null }) : supplementDue({ cash, etat: r.etat, supplement: r.supplement, supplementAccepted: r.supplement_accepte_le !== null }) || null,
    montantcommande: r.montantcommande,
    montantcommande_fr: formatPrix(r.montantcommande),
    montantliv: r.montantliv,
    montantliv_fr: formatPrix(r.montantliv),
    remise: r.remise,
    remise_fr: formatPrix(r.remise),
    client: { ...summary.client, prenom: r.prenom, name: r.name, email: r.email },
    tel: r.tel,
    adresseliv: r.adresseliv,
    repere: r.repere,
    latitude: r.latitude,
    longitude: r.longitude,
    carte: mapLink(r.latitude, r.longitude),
    whatsapp: whatsappLink(r.tel ?? r.telephone),
    historique: history.map((h) => ({
      date: h.at.toISOString(),
      date_fr: dateFr.format(h.at),
      de: h.from_etat,
      vers: h.to_etat,
      vers_text: status(h.to_etat).text,
      acteur: h.actor_kind,
      acteur_nom: h.acteur_nom,
      motif: h.reason,
    })),
    // Refunding is its own action; payment outcomes are the provider's.
    suivants: next.filter((e) => e !== 'remboursee' && !isProviderOnly(e) && !isCustomerOnlyMove(r.etat, e)).map((e) => ({ etat: e, etat_text: ORDER_STATUSES[e].text })),
    paiement: payment ? { provider: payment.provider, statut: payment.statut, montant: payment.montant } : null,
    remboursable: isRefundable(r.etat, payment, cash, refunded),
    ...dispatch,
  }
}

/**
 * The accountant's export (issue 26 §2, ADR 060): one row per order line. The first eight
 * headers and their order are a contract: add columns at the end, never rename or move one.
 */
export const ORDER_LINES_COLUMNS: ExportColumn[] = [
  { header: 'Commande', width: 22 },
  { header: 'Date (Dakar)', kind: 'datetime' },
  { header: 'Client', width: 24 },
  { header: 'Téléphone', width: 16 },
  { header: 'Zone', width: 16 },
  { header: 'Mode de livraison', width: 20 },
  { header: 'Mode de paiement', width: 20 },
  { header: 'État', width: 16 },
  { header: 'Produit', width: 32 },
  { header: 'Variante', width: 16 },
  { header: 'Code', width: 14 },
  { header: 'Quantité', kind: 'number' },
  { header: 'Prix unitaire', kind: 'amount' },
  { header: 'Montant ligne', kind: 'amount' },
  { header: 'Part des remises', kind: 'amount' },
  { header: 'Livraison', kind: 'amount' },
  { header: 'Remboursé', kind: 'amount' },
  { header: 'Vendue le (Dakar)', kind: 'datetime' },
]

/**
 * One order's rows of the export, from its lines (all of them, in line order). The money is the
 * money module's (ADR 041): each line was paid its variant's share of `goodsPaid` (the refund's
 * `variantShares`), so its part of the discounts is its amount less that share. The delivery
 * (the fee less the loyalty tier's free delivery) sits on the order's first row, zero on the
 * others. So, over an order's rows, Σ amount − Σ discounts + Σ delivery = the order's total.
 * Refunded: what refunds by line gave back for the line; what refunds gave back without naming
 * lines (an amount, « the rest ») is spread over what was still paid for each row (its lines,
 * the delivery on the first row) by largest remainder, so the column adds up to what the order
 * got back.
 */
export function orderExportRows(lines: readonly ExportLineRow[]): Array<Array<string | number | null>> {
  const o = lines[0]!
  const withLines = lines.filter((l) => l.ligne_id !== null)
  const keyOf = (l: ExportLineRow) => l.variante_id ?? -(l.produit_id ?? 0)
  const paid = goodsPaid({ montantcommande: o.montantcommande, remise: o.remise, remiseLivraison: o.remise_livraison })
  const byKey = variantShares(
    withLines.map((l) => ({ variante: keyOf(l), prix: l.prix!, quantite: l.quantite! })),
    paid,
  )
  // A variant held on several rows (a substitute's): its share split over them the same way.
  const rowPaid = new Map<number, number>()
  const rowRefunded = new Map<number, number>()
  for (const [key, share] of byKey) {
    const rows = withLines.filter((l) => keyOf(l) === key)
    lineShares(rows.map((l) => ({ prix: l.prix!, quantite: l.quantite! })), share).forEach((s, i) => rowPaid.set(rows[i]!.ligne_id!, s))
    rowRefunded.set(rows[0]!.ligne_id!, rows[0]!.rembourse_ligne)
  }
  const delivery = o.montantliv - Math.max(0, o.remise_livraison ?? 0)
  const byLine = [...rowRefunded.values()].reduce((a, b) => a + b, 0)
  const rest = Math.max(0, o.rembourse - byLine)
  const still = lines.map((l, i) => Math.max(0, (l.ligne_id === null ? 0 : (rowPaid.get(l.ligne_id) ?? 0) - (rowRefunded.get(l.ligne_id) ?? 0))) + (i === 0 ? Math.max(0, delivery) : 0))
  const spread = still.some((w) => w > 0) ? lineShares(still.map((w) => ({ prix: w, quantite: 1 })), rest) : lines.map(() => 0)
  spread[0]! += rest - spread.reduce((a, b) => a + b, 0)
  const etat = status(o.etat).text
  return lines.map((l, i) => {
    const amount = l.ligne_id === null ? 0 : lineCharge({ prix: l.prix!, quantite: l.quantite!, supplement: l.supplement })
    const share = l.ligne_id === null ? 0 : amount - (rowPaid.get(l.ligne_id) ?? 0)
    const refunded = (l.ligne_id === null ? 0 : (rowRefunded.get(l.ligne_id) ?? 0)) + spread[i]!
    return [o.numerocommande, o.date, o.client, o.telephone, o.zone, o.ml_designation, o.mp_designation, etat, l.produit, l.variante, l.code, l.quantite, l.prix, amount, share, i === 0 ? delivery : 0, refunded, o.vendue_le]
  })
}
