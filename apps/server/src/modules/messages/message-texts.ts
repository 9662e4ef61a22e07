// The order messages' French texts (ADR 034): short (one SMS of 160 characters where the link
// allows), the order's number, its amount in FCFA (the shared formatting) and its tracking link.
// Written in the SMS's GSM 7-bit alphabet (sms-text.ts: no « ç », « ê » or « ô », plain spaces in amounts), so that a
// message is one part of 160 characters, not three of 70.
import { formatPrixSms } from '@teranga/shared/money'
import { payAtHandover, preparationSummary, supplementDueText, type PreparedChange } from '@teranga/shared/preparation'
import type { OrderStatus } from '@teranga/shared/order-status'
import { formatPhone, normalizePhone } from '@teranga/shared/phone'
import { smsParts, toGsm7 } from './sms-text.ts'

/**
 * The events a customer hears of: the placement, and the moves to these states. `payee` (the
 * money came, also after « Payer autrement ») and `en_attente` (cash on delivery chosen after an
 * online payment failed) say what the last message no longer does (issue 23 §4).
 */
export const MESSAGED_STATES = ['payee', 'en_attente', 'confirmee', 'prete_retrait', 'en_livraison', 'livree', 'annulee', 'echec_paiement', 'echec_livraison'] as const satisfies readonly OrderStatus[]
export type OrderMessageEvent = 'placed' | (typeof MESSAGED_STATES)[number]

export const isMessagedState = (etat: string): etat is (typeof MESSAGED_STATES)[number] => (MESSAGED_STATES as readonly string[]).includes(etat)

interface About {
  numero: string
  total: number
  link: string
  /** The delivery slot, short (« livraison lun. 30/11 09:00-12:00 »), when the order has one (issue 25 §1). */
  slot?: string | null
  /** Paid online, a dearer substitute's supplement accepted (ADR 058): what is still paid at delivery. */
  due?: number | null
  /** A pickup at a depot: what is left is paid « au retrait », not « à la livraison ». */
  pickup?: boolean
}

/** ` Supplément de 500 FCFA à payer à la livraison.` (« au retrait » for a pickup) before the link, or nothing. */
const dueText = (a: About) => (a.due ? ` ${supplementDueText(a.due, formatPrixSms, a.pickup ?? false)}.` : '')

/** `, livraison lun. 30/11 09:00-12:00` after the amount, or nothing. */
const when = (a: About) => (a.slot ? `, ${a.slot}` : '')

const WHAT: Record<OrderMessageEvent, (a: About, amount: string) => string> = {
  placed: (a, amount) => `Teranga : commande ${a.numero} enregistrée (${amount})${when(a)}. Suivi : ${a.link}`,
  payee: (a, amount) => `Teranga : paiement accepté, commande ${a.numero} (${amount}). Suivi : ${a.link}`,
  en_attente: (a, amount) =>
    a.total === 0 ? `Teranga : commande ${a.numero} (${amount}) en attente de confirmation. Suivi : ${a.link}` : `Teranga : commande ${a.numero} (${amount}) ${payAtHandover(a.pickup ?? false)}. ${a.link}`,
  confirmee: (a, amount) => `Teranga : commande ${a.numero} (${amount}) confirmée${when(a)}. Suivi : ${a.link}`,
  prete_retrait: (a, amount) => `Teranga : commande ${a.numero} (${amount}) disponible au retrait.${dueText(a)} Suivi : ${a.link}`,
  en_livraison: (a, amount) => `Teranga : commande ${a.numero} (${amount}) en route vers vous.${dueText(a)} Suivi : ${a.link}`,
  livree: (a, amount) => `Teranga : commande ${a.numero} (${amount}) livrée. Merci ! ${a.link}`,
  annulee: (a, amount) => `Teranga : commande ${a.numero} (${amount}) annulée. Détails : ${a.link}`,
  echec_paiement: (a, amount) => `Teranga : paiement échoué, commande ${a.numero} (${amount}). Suivi : ${a.link}`,
  // The courier could not deliver (issue 25 §3): the shop calls back to send it out again.
  echec_livraison: (a) => `Teranga : commande ${a.numero} non livrée, nous vous rappelons. ${a.link}`,
}

export const customerText = (event: OrderMessageEvent, about: About) => WHAT[event](about, formatPrixSms(about.total))

/** The first of `texts` that is one SMS part in the GSM alphabet, else the last (the shortest). */
const firstInOnePart = (texts: string[]) => texts.find((text) => toGsm7(text) === text && smsParts(text) === 1) ?? texts.at(-1)!

/** A courier's number as read aloud in Senegal (« 77 123 45 67 »), others in E.164, else as the staff typed it. */
function courierPhone(typed: string) {
  const phone = normalizePhone(typed)
  if (!phone.ok) return typed.trim()
  return phone.e164.startsWith('+221') ? formatPhone(phone.e164).slice('+221 '.length) : phone.e164
}

/**
 * « En route » with the courier's first name and number, so that the customer knows who
 * calls (issue 23 §4), in place of the amount (both do not fit one part beside the link); a name
 * too long for one part leaves the number alone.
 */
export function onTheWayText(about: About, courier: { nom: string; telephone: string } | null) {
  if (!courier) return customerText('en_livraison', about)
  // The first name, in the alphabet (a name's « ç » would make the whole SMS UCS-2).
  const prenom = toGsm7(courier.nom.trim().split(/\s+/)[0] ?? '')
  const tel = toGsm7(courierPhone(courier.telephone))
  return firstInOnePart([
    `Teranga : commande ${about.numero} en route, livreur ${prenom} (${tel}).${dueText(about)} ${about.link}`,
    `Teranga : commande ${about.numero} en route, livreur : ${tel}.${dueText(about)} ${about.link}`,
  ])
}

/** Where a refund's money goes, by the order's payment mode (its code). */
export function refundDestination(paymentCode: string | null, provider: string) {
  if (provider === 'cash' || paymentCode === 'CASH') return 'en espèces'
  switch (paymentCode) {
    case 'WAVE':
      return 'sur Wave'
    case 'OM':
      return 'sur Orange Money'
    case 'FREE':
      return 'sur Free Money'
    case 'CARD':
      return 'sur votre carte'
    default:
      return provider === 'wave' ? 'sur Wave' : 'sur votre compte'
  }
}

/** A refund done (in part or in full): its amount and where the money goes. */
export const refundText = (about: Omit<About, 'total'>, refund: { montant: number; destination: string }) =>
  `Teranga : commande ${about.numero} : ${formatPrixSms(refund.montant)} remboursés ${refund.destination}. ${about.link}`

/** The staff's message of a new order, with its page in the back office. */
export const staffText = (about: { numero: string; total: number; adminLink: string }) =>
  `Teranga : nouvelle commande ${about.numero} de ${formatPrixSms(about.total)}. ${about.adminLink}`

/**
 * An order prepared (issue 25 §2, ADR 055), in one message: « 1 × Huile 1 L remplacée par Huile
 * 1 L Dinor ; 2 × Lait caillé manquants, 1 800 FCFA remboursés sur Wave », then, when a dearer
 * substitute was capped, the link to accept paying the difference; else the tracking link.
 */
export function preparedText(
  about: Omit<About, 'total'>,
  prepared: { changes: PreparedChange[]; aEncaisser: number | null; supplement: number | null },
  refund: { montant: number; destination: string } | null,
  supplementLink: string | null,
) {
  const pickup = about.pickup ?? false
  const summary = preparationSummary(prepared.changes, { rembourse: refund, aEncaisser: prepared.aEncaisser, pickup }, formatPrixSms)
  const head = `Teranga : commande ${about.numero} préparée${summary ? ` : ${summary}` : ''}.`
  // Paid online (nothing else to collect), the difference is paid at delivery (ADR 058).
  if (supplementLink && prepared.supplement)
    return `${head} Accepter ${formatPrixSms(prepared.supplement)} de plus${prepared.aEncaisser === null ? ` (${payAtHandover(pickup)})` : ''} pour le produit de remplacement : ${supplementLink}`
  return `${head} ${about.link}`
}
