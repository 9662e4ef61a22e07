// The back office's order answers (docs/back-office-api.md « Orders »): the summary of the
// list, the detail, the dashboard; amounts in whole FCFA with their French forms.
import { orderDispatchSchema, type OrderDispatch } from '@teranga/shared/backoffice-dispatch'
import { z } from 'zod'
import { formatPrix } from '@teranga/shared/money'
import { orderTotal } from '@teranga/shared/order-amounts'
import { isOrderStatus, isProviderOnly, nextStates, ORDER_STATUSES } from '@teranga/shared/order-status'
import { mediaFields } from '@teranga/shared/media'
import { dateFr } from '../../lib/format.ts'
import type { BackofficeOrdersRepository, DetailExtraRow, SummaryRow } from './backoffice-orders.repository.ts'

const status = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat] : { text: etat, badge: 'secondary', next: [] as readonly string[] })

export const orderSummarySchema = z.object({
  numero: z.string(),
  etat: z.string(),
  etat_text: z.string(),
  etat_badge: z.string(),
  datecomm: z.string(),
  date_fr: z.string(),
  client: z.object({ id: z.number(), nom: z.string(), telephone: z.string().nullable() }),
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

export const orderDetailSchema = orderSummarySchema.extend({
  lignes: z.array(
    z.object({
      produit: z.object({ id: z.number(), designation: z.string(), code: z.string().nullable(), image: z.string().nullable() }),
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
  client: z.object({ id: z.number(), nom: z.string(), prenom: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable(), telephone: z.string().nullable() }),
  tel: z.string().nullable(),
  adresseliv: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  carte: z.string().nullable(),
  whatsapp: z.string().nullable(),
  historique: z.array(
    z.object({
      date: z.string(),
      date_fr: z.string(),
      de: z.string().nullable(),
      vers: z.string(),
      vers_text: z.string(),
      acteur: z.string(),
      acteur_nom: z.string().nullable(),
      motif: z.string().nullable(),
    }),
  ),
  suivants: z.array(z.object({ etat: z.string(), etat_text: z.string() })),
  paiement: z.object({ provider: z.string(), statut: z.string(), montant: z.number() }).nullable(),
  /** What was given back so far (ADR 025), and each refund with its lines. */
  rembourse: z.number(),
  rembourse_fr: z.string(),
  remboursements: z.array(
    z.object({
      id: z.number(),
      montant: z.number(),
      montant_fr: z.string(),
      provider: z.string(),
      statut: z.string(),
      motif: z.string(),
      par: z.string().nullable(),
      date: z.string(),
      date_fr: z.string(),
      lignes: z.array(
        z.object({ produit: z.object({ id: z.number(), designation: z.string() }), quantite: z.number(), prix: z.number(), total: z.number(), total_fr: z.string(), restock: z.boolean() }),
      ),
    }),
  ),
  remboursable: z.boolean(),
  /** The courier now, every hand-over and the staff's notes (the dispatch module). */
  ...orderDispatchSchema.shape,
})
export type OrderDetail = z.infer<typeof orderDetailSchema>
/** The detail's refund fields, which the refunds service adds. */
type OrderRefundsFields = Pick<OrderDetail, 'rembourse' | 'rembourse_fr' | 'remboursements'>

export const dashboardSchema = z.object({
  a_traiter: z.object({
    en_attente: z.number(),
    payee: z.number(),
    confirmee: z.number(),
    en_preparation: z.number(),
    prete_retrait: z.number(),
    en_livraison: z.number(),
  }),
  expirent_bientot: z.array(orderSummarySchema),
  stock_bas: z.array(z.object({ id: z.number(), designation: z.string(), code: z.string().nullable(), quantite: z.number(), seuil: z.number() })),
  ventes: z.object({ aujourdhui: z.number(), aujourdhui_fr: z.string(), sept_jours: z.number(), sept_jours_fr: z.string() }),
  courbe: z.array(z.object({ jour: z.string(), montant: z.number(), commandes: z.number() })),
})

const fullName = (r: { prenom: string | null; name: string | null; email: string | null }) =>
  [r.prenom, r.name].filter(Boolean).join(' ').trim() || r.email || ''

export function formatSummary(r: SummaryRow): OrderSummary {
  const s = status(r.etat)
  const total = orderTotal(r)
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
  }
}

/** A Senegalese number as wa.me wants it: country code and digits (9 local digits get 221). */
export function whatsappLink(tel: string | null): string | null {
  const digits = (tel ?? '').replace(/\D/g, '')
  if (digits.length === 9) return `https://wa.me/221${digits}`
  if (digits.length >= 10 && digits.length <= 15) return `https://wa.me/${digits.replace(/^00/, '')}`
  return null
}

export const mapLink = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? null : `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`

type Lines = Awaited<ReturnType<BackofficeOrdersRepository['lines']>>
type History = Awaited<ReturnType<BackofficeOrdersRepository['history']>>
type Payments = Awaited<ReturnType<BackofficeOrdersRepository['payments']>>

/** Whether money came for the order and some of it can still go back: livree, or annulee with an attempt owed back. */
export function isRefundable(etat: string, payment: Payments[number] | undefined, cash: boolean, refunded: boolean): boolean {
  if (refunded) return false // nothing left to give back
  if (etat === 'livree') return cash || payment?.statut === 'payee'
  if (etat === 'annulee') return payment?.statut === 'a_rembourser'
  return false
}

export function formatDetail(r: SummaryRow & DetailExtraRow, lines: Lines, history: History, payment: Payments[number] | undefined, refunded: boolean, dispatch: OrderDispatch): Omit<OrderDetail, keyof OrderRefundsFields> {
  const summary = formatSummary(r)
  const next = isOrderStatus(r.etat) ? nextStates(r.etat, r.ml_code) : []
  return {
    ...summary,
    lignes: lines.map((l) => ({
      produit: { id: l.produit_id, designation: l.designation, code: l.code, image: mediaFields(l.image).image },
      quantite: l.quantite,
      prix: l.prix,
      prix_fr: formatPrix(l.prix),
      total: l.prix * l.quantite,
      total_fr: formatPrix(l.prix * l.quantite),
    })),
    montantcommande: r.montantcommande,
    montantcommande_fr: formatPrix(r.montantcommande),
    montantliv: r.montantliv,
    montantliv_fr: formatPrix(r.montantliv),
    remise: r.remise,
    remise_fr: formatPrix(r.remise),
    client: { ...summary.client, prenom: r.prenom, name: r.name, email: r.email },
    tel: r.tel,
    adresseliv: r.adresseliv,
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
    suivants: next.filter((e) => e !== 'remboursee' && !isProviderOnly(e)).map((e) => ({ etat: e, etat_text: ORDER_STATUSES[e].text })),
    paiement: payment ? { provider: payment.provider, statut: payment.statut, montant: payment.montant } : null,
    remboursable: isRefundable(r.etat, payment, r.mp_code === 'CASH', refunded),
    ...dispatch,
  }
}
