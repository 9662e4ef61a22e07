// The back office's order shapes (docs/back-office-api.md, Orders): the order summary of
// the list and the dashboard.
import { z } from 'zod'
import { formatPrix } from '@teranga/shared/money'
import { ORDER_STATUSES, isOrderStatus } from '@teranga/shared/order-status'
import type { SummaryRow } from './backoffice-orders.repository.ts'

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
