// The back office's order shapes (docs/back-office-api.md, Orders): the order summary of
// the list and the dashboard.
import { z } from 'zod'
import { formatPrix } from '@teranga/shared/money'
import { ORDER_STATUSES, isOrderStatus } from '@teranga/shared/order-status'
import type { DetailRow, HistoryRow, LineRow, PaymentRow, SummaryRow } from './backoffice-orders.repository.ts'

export const orderSummarySchema = z.object({
  numero: z.string(),
  etat: z.string(),
  etat_text: z.string(),
  etat_badge: z.string(),
  datecomm: z.string(),
  date_fr: z.string(),
  client: z.object({ id: z.number(), nom: z.string().nullable(), telephone: z.string().nullable() }),
  total: z.number(),
  total_fr: z.string(),
  modepaiement: z.object({ code: z.string(), designation: z.string() }),
  modelivraison: z.object({ code: z.string(), designation: z.string() }),
  zone: z.string().nullable(),
  depot: z.object({ id: z.number(), designation: z.string() }).nullable(),
  a_rembourser: z.boolean(),
  expires_at: z.string().nullable(),
})
export type OrderSummary = z.infer<typeof orderSummarySchema>

const dateFr = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Dakar', dateStyle: 'short', timeStyle: 'short' })

export function formatDateFr(date: Date): string {
  return dateFr.format(date)
}

export function toSummary(row: SummaryRow): OrderSummary {
  const status = isOrderStatus(row.etat) ? ORDER_STATUSES[row.etat] : { text: row.etat, badge: 'secondary' }
  const datecomm = new Date(row.datecomm)
  return {
    numero: row.numero,
    etat: row.etat,
    etat_text: status.text,
    etat_badge: status.badge,
    datecomm: datecomm.toISOString(),
    date_fr: formatDateFr(datecomm),
    client: { id: row.client_id, nom: row.client_nom, telephone: row.client_telephone },
    total: Number(row.total),
    total_fr: formatPrix(Number(row.total)),
    modepaiement: { code: row.mp_code, designation: row.mp_designation },
    modelivraison: { code: row.ml_code, designation: row.ml_designation },
    zone: row.zone,
    depot: row.depot_id === null ? null : { id: row.depot_id, designation: row.depot_designation ?? '' },
    a_rembourser: row.a_rembourser,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  }
}

/** One CSV cell: `;`-separated, quoted when it holds a separator, a quote or a line break; formulas defused. */
export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let s = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const CSV_HEADER = ['Numéro', 'Date', 'État', 'Client', 'Téléphone', 'Total (FCFA)', 'Paiement', 'Livraison', 'Zone', 'Dépôt']

export function csvLine(o: OrderSummary): string {
  return [o.numero, o.date_fr, o.etat_text, o.client.nom, o.client.telephone, o.total, o.modepaiement.designation, o.modelivraison.designation, o.zone, o.depot?.designation ?? null]
    .map(csvCell)
    .join(';')
}

const amount = (n: number) => ({ n, fr: formatPrix(n) })

export const orderDetailSchema = orderSummarySchema.extend({
  lignes: z.array(
    z.object({
      produit: z.object({ id: z.number(), designation: z.string(), code: z.string(), image: z.string().nullable() }),
      quantite: z.number(),
      prix: z.number(),
      prix_fr: z.string(),
      total: z.number(),
      total_fr: z.string(),
    }),
  ),
  montantcommande: z.number(),
  montantcommande_fr: z.string(),
  montantliv: z.number(),
  montantliv_fr: z.string(),
  remise: z.number(),
  remise_fr: z.string(),
  client: z.object({ id: z.number(), nom: z.string().nullable(), telephone: z.string().nullable(), prenom: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  tel: z.string().nullable(),
  adresseliv: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  carte: z.string().nullable(),
  whatsapp: z.string().nullable(),
  historique: z.array(
    z.object({ date: z.string(), date_fr: z.string(), de: z.string().nullable(), vers: z.string(), vers_text: z.string(), acteur: z.string(), acteur_nom: z.string().nullable(), motif: z.string().nullable() }),
  ),
  suivants: z.array(z.object({ etat: z.string(), etat_text: z.string() })),
  paiement: z.object({ provider: z.string(), statut: z.string(), montant: z.number() }).nullable(),
  remboursable: z.boolean(),
})
export type OrderDetail = z.infer<typeof orderDetailSchema>

const statusText = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat].text : etat)

/** A Senegalese number as wa.me wants it: digits with the country code. */
export function whatsappLink(tel: string | null): string | null {
  if (!tel) return null
  let digits = tel.replace(/\D/g, '')
  if (digits.startsWith('00')) digits = digits.slice(2)
  if (digits.length === 9) digits = `221${digits}`
  return digits.length >= 11 ? `https://wa.me/${digits}` : null
}

export function toDetail(d: { order: DetailRow; lines: LineRow[]; history: HistoryRow[]; payment: PaymentRow | null }): OrderDetail {
  const o = d.order
  const summary = toSummary(o)
  const etat = o.etat
  const next = isOrderStatus(etat) ? (ORDER_STATUSES[etat].next as readonly string[]).filter((e) => e !== 'remboursee') : []
  const paid = d.payment !== null && ['payee', 'a_rembourser'].includes(d.payment.statut)
  const remboursable = (etat === 'annulee' && d.payment?.statut === 'a_rembourser') || (etat === 'livree' && (paid || o.mp_code === 'CASH'))
  const lat = o.latitude === null ? null : Number(o.latitude)
  const lng = o.longitude === null ? null : Number(o.longitude)
  return {
    ...summary,
    lignes: d.lines.map((l) => ({
      produit: { id: l.id, designation: l.designation, code: l.code, image: l.image },
      quantite: l.quantite,
      prix: l.prix,
      prix_fr: amount(l.prix).fr,
      total: l.prix * l.quantite,
      total_fr: amount(l.prix * l.quantite).fr,
    })),
    montantcommande: o.montantcommande,
    montantcommande_fr: amount(o.montantcommande).fr,
    montantliv: o.montantliv,
    montantliv_fr: amount(o.montantliv).fr,
    remise: o.remise,
    remise_fr: amount(o.remise).fr,
    client: { ...summary.client, prenom: o.client_prenom, name: o.client_name, email: o.client_email },
    tel: o.tel,
    adresseliv: o.adresseliv,
    latitude: lat,
    longitude: lng,
    carte: lat !== null && lng !== null ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}` : null,
    whatsapp: whatsappLink(o.tel ?? o.client_telephone),
    historique: d.history.map((h) => ({
      date: new Date(h.at).toISOString(),
      date_fr: formatDateFr(new Date(h.at)),
      de: h.from_etat,
      vers: h.to_etat,
      vers_text: statusText(h.to_etat),
      acteur: h.actor_kind,
      acteur_nom: h.acteur_nom,
      motif: h.reason,
    })),
    suivants: next.map((e) => ({ etat: e, etat_text: statusText(e) })),
    paiement: d.payment,
    remboursable,
  }
}
