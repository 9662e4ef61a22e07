// The order messages' French texts (ADR 034): short (one SMS of 160 characters where the link
// allows), the order's number, its amount in FCFA (the shared formatting) and its tracking link.
// Written in the SMS's GSM 7-bit alphabet (sms-text.ts: no « ç », « ê » or « ô », plain spaces in amounts), so that a
// message is one part of 160 characters, not three of 70.
import { formatPrixSms } from '@teranga/shared/money'
import type { OrderStatus } from '@teranga/shared/order-status'

/** The events a customer hears of: the placement, and the moves to these states. */
export const MESSAGED_STATES = ['confirmee', 'prete_retrait', 'en_livraison', 'livree', 'annulee', 'echec_paiement'] as const satisfies readonly OrderStatus[]
export type OrderMessageEvent = 'placed' | (typeof MESSAGED_STATES)[number]

export const isMessagedState = (etat: string): etat is (typeof MESSAGED_STATES)[number] => (MESSAGED_STATES as readonly string[]).includes(etat)

interface About {
  numero: string
  total: number
  link: string
}

const WHAT: Record<OrderMessageEvent, (a: About, amount: string) => string> = {
  placed: (a, amount) => `Teranga : commande ${a.numero} enregistrée (${amount}). Suivi : ${a.link}`,
  confirmee: (a, amount) => `Teranga : commande ${a.numero} (${amount}) confirmée. Suivi : ${a.link}`,
  prete_retrait: (a, amount) => `Teranga : commande ${a.numero} (${amount}) disponible au retrait. Suivi : ${a.link}`,
  en_livraison: (a, amount) => `Teranga : commande ${a.numero} (${amount}) en route vers vous. Suivi : ${a.link}`,
  livree: (a, amount) => `Teranga : commande ${a.numero} (${amount}) livrée. Merci ! ${a.link}`,
  annulee: (a, amount) => `Teranga : commande ${a.numero} (${amount}) annulée. Détails : ${a.link}`,
  echec_paiement: (a, amount) => `Teranga : paiement échoué, commande ${a.numero} (${amount}). Suivi : ${a.link}`,
}

export const customerText = (event: OrderMessageEvent, about: About) => WHAT[event](about, formatPrixSms(about.total))

/** The staff's message of a new order, with its page in the back office. */
export const staffText = (about: { numero: string; total: number; adminLink: string }) =>
  `Teranga : nouvelle commande ${about.numero} de ${formatPrixSms(about.total)}. ${about.adminLink}`
