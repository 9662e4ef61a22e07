// The owner's alerts' French texts (issue 26 §4, ADR 062), in message-texts.ts's style: short,
// in the SMS's GSM 7-bit alphabet where we write them (the names are the catalogue's), and
// bounded: a list longer than ALERT_MAX_PARTS SMS parts ends with « et N autres ».
import { formatNombre, formatPrixSms } from '@teranga/shared/money'
import { smsPartsSent } from '../messages/messages.service.ts'

/** At most two SMS parts (306 characters in the GSM alphabet), each billed. */
export const ALERT_MAX_PARTS = 2

export interface LowVariant {
  designation: string
  quantite: number
  seuil: number
}

/** A count in the GSM alphabet (plain spaces between thousands, as formatPrixSms writes them). */
const count = (value: number) => formatNombre(value).replace(/\s/g, ' ')
const others = (n: number) => ` ; et ${count(n)} ${n > 1 ? 'autres' : 'autre'}.`

/** « Riz parfumé 25 kg (3 restants, seuil 5) » */
const lowItem = (v: LowVariant) => `${v.designation} (${count(v.quantite)} ${v.quantite > 1 ? 'restants' : 'restant'}, seuil ${count(v.seuil)})`

/** The parts `text` takes as the SMS adapter sends it (in the GSM alphabet). */
export const partsOf = smsPartsSent

/**
 * `head` then as many `items` as fit ALERT_MAX_PARTS parts, separated by « ; », then
 * « ; et N autres » for the rest and the `unlisted` (the first item always, cut if it alone is too long).
 */
function boundedList(head: string, items: string[], unlisted = 0): string {
  const total = items.length + unlisted
  const listing = (shown: number) => `${head}${items.slice(0, shown).join(' ; ')}${total - shown > 0 ? others(total - shown) : '.'}`
  // Grown one item at a time (a long list is hundreds of items; only a few ever fit).
  let best: string | null = null
  for (let shown = 1; shown <= items.length; shown++) {
    const text = listing(shown)
    if (partsOf(text) > ALERT_MAX_PARTS) break
    best = text
  }
  if (best !== null) return best
  const tail = total > 1 ? others(total - 1) : '.'
  let first = items[0] ?? ''
  while (first.length > 1 && partsOf(`${head}${first}...${tail}`) > ALERT_MAX_PARTS) first = first.slice(0, -1)
  return `${head}${first}...${tail}`
}

/** Stock that crossed its threshold since the last sweep: « Teranga : stock bas : Riz parfumé 25 kg (3 restants, seuil 5) ; … ». */
export const stockLowText = (items: LowVariant[]) => boundedList('Teranga : stock bas : ', items.map(lowItem))

/** The day's summary at the owner's time: what is at or below its threshold (`total` of them, `items` the first read). */
export const dailySummaryText = (items: LowVariant[], total: number) =>
  total === 0
    ? 'Teranga : résumé du jour : aucun produit en stock bas.'
    : boundedList(`Teranga : résumé du jour, ${count(total)} en stock bas : `, items.map(lowItem), Math.max(0, total - items.length))

/** An unpaid order whose expiry is near. */
export const unpaidExpiringText = (order: { numero: string; total: number; minutes: number; adminLink: string }) =>
  `Teranga : commande ${order.numero} (${formatPrixSms(order.total)}) non payée, annulée dans ${count(order.minutes)} min. ${order.adminLink}`

/** An order whose payment failed twice (« échecs de paiement »). */
export const paymentFailedTwiceText = (order: { numero: string; total: number; echecs: number; adminLink: string }) =>
  `Teranga : ${count(order.echecs)} échecs de paiement pour la commande ${order.numero} (${formatPrixSms(order.total)}). ${order.adminLink}`
