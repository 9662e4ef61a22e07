// Delivery slots (issue 25 §1, ADR 054): the back office's slot and day-off forms, the order's
// slot choice, the French texts and the one formatter every screen and message uses. Times are
// Dakar's (Africa/Dakar is UTC+0 all year, no summer time): a slot's date and times are read and
// compared in UTC, on the server and in the browser alike.
import { z } from 'zod'
import { isRealDay } from './shop-day.ts'

/** The French texts of slots and days off, written once for the forms, the server and the screens. */
export const SLOT_MESSAGES = {
  jourInvalid: 'Le jour doit aller de 0 (dimanche) à 6 (samedi).',
  heureInvalid: "L'heure doit être au format HH:MM (par exemple 09:00).",
  finAfterDebut: "L'heure de fin doit être après l'heure de début.",
  capaciteInvalid: 'La capacité doit être un nombre entier de commandes, de 1 à 10 000.',
  zonesInvalid: 'Les zones doivent être des identifiants de zones de livraison.',
  zoneUnknown: "Une des zones choisies n'existe pas.",
  delaiInvalid: 'Le délai doit être un nombre entier de minutes, de 0 à 10 080 (une semaine).',
  depotInvalid: "Le dépôt doit être l'identifiant d'un dépôt.",
  depotUnknown: "Ce dépôt n'existe pas.",
  actifInvalid: 'Indiquez si le créneau est proposé (oui ou non).',
  dateInvalid: 'La date doit être au format AAAA-MM-JJ (par exemple 2026-12-25).',
  motifLength: 'Le motif doit faire entre 1 et 200 caractères.',
  fermetureExists: 'Une fermeture existe déjà à cette date.',
  slotNotFound: "Ce créneau n'existe pas.",
  fermetureNotFound: "Cette fermeture n'existe pas.",
  fromHours: 'Ce créneau suit les horaires du dépôt : modifiez les horaires ou la capacité du dépôt dans Paramètres › Dépôts.',
  // At checkout (the order's `creneau` field).
  required: 'Choisissez un créneau de livraison.',
  requiredPickup: 'Choisissez un créneau de retrait.',
  unknown: "Ce créneau n'existe pas ou n'est plus proposé : choisissez-en un autre.",
  wrongKind: "Ce créneau n'est pas proposé pour ce mode de livraison : choisissez-en un autre.",
  zoneNotServed: 'Ce créneau ne dessert pas votre zone : choisissez-en un autre.',
  dateNotOffered: 'Cette date ne correspond pas à ce créneau ou à un des 7 prochains jours : choisissez-en un autre.',
  full: 'Ce créneau est complet : choisissez-en un autre.',
  cutOff: 'Il est trop tard pour choisir ce créneau : choisissez-en un autre.',
  closed: (motif: string) => `La boutique est fermée ce jour-là (${motif}) : choisissez une autre date.`,
  // Screens.
  complet: 'Complet',
  restant: (n: number) => (n === 1 ? '1 place' : `${n} places`),
  none: 'Aucun créneau disponible dans les 7 prochains jours.',
  livraisonPrevue: 'Livraison prévue',
  retraitPrevu: 'Retrait prévu',
  creneauPrevu: 'Créneau prévu',
} as const

/**
 * A pickup window from a depot's opening hours (ADR 058) can be chosen until this long before
 * the depot closes that day: the time to prepare the order before the shopper comes.
 */
export const PICKUP_PREPARATION_MINUTES = 60
/** Orders per pickup window when the owner sets no limit: the slots' largest capacity. */
export const PICKUP_UNLIMITED = 10_000

/** How many days the shop offers, today included. */
export const SLOT_DAYS_AHEAD = 7

/** Weekday names, Sunday first (0), as the slot's `jour` counts them (and JavaScript's getUTCDay). */
export const JOURS = ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'] as const
const MOIS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'] as const

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
/** A day that exists (no 2026-02-30, no month 13: a 400 naming it, never a throw). */
export const slotDateSchema = z.string({ error: SLOT_MESSAGES.dateInvalid }).trim().refine(isRealDay, { error: SLOT_MESSAGES.dateInvalid })

const slotId = (message: string) => z.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message })
const heure = z.string({ error: SLOT_MESSAGES.heureInvalid }).trim().regex(TIME, { error: SLOT_MESSAGES.heureInvalid })

/** Body of POST /api/creneau and PUT /api/creneau/{id}: a weekday slot (a depot's for pickup). */
export const slotSchema = z
  .object({
    jour: z.number({ error: SLOT_MESSAGES.jourInvalid }).int({ error: SLOT_MESSAGES.jourInvalid }).min(0, { error: SLOT_MESSAGES.jourInvalid }).max(6, { error: SLOT_MESSAGES.jourInvalid }),
    debut: heure,
    fin: heure,
    capacite: z.number({ error: SLOT_MESSAGES.capaciteInvalid }).int({ error: SLOT_MESSAGES.capaciteInvalid }).min(1, { error: SLOT_MESSAGES.capaciteInvalid }).max(10_000, { error: SLOT_MESSAGES.capaciteInvalid }),
    /** The zones it serves; absent, null or empty: every zone. */
    zones: z.array(slotId(SLOT_MESSAGES.zonesInvalid), { error: SLOT_MESSAGES.zonesInvalid }).max(200, { error: SLOT_MESSAGES.zonesInvalid }).nullable().optional(),
    delai_minutes: z.number({ error: SLOT_MESSAGES.delaiInvalid }).int({ error: SLOT_MESSAGES.delaiInvalid }).min(0, { error: SLOT_MESSAGES.delaiInvalid }).max(10_080, { error: SLOT_MESSAGES.delaiInvalid }).default(60),
    /** A pickup slot at this depot; absent or null: a home delivery slot. */
    depot: slotId(SLOT_MESSAGES.depotInvalid).nullable().optional(),
    actif: z.boolean({ error: SLOT_MESSAGES.actifInvalid }).default(true),
  })
  .superRefine((value, ctx) => {
    if (TIME.test(value.debut) && TIME.test(value.fin) && value.fin <= value.debut) ctx.addIssue({ code: 'custom', path: ['fin'], message: SLOT_MESSAGES.finAfterDebut })
  })
export type SlotInput = z.input<typeof slotSchema>

/** Body of POST /api/fermeture: a day off (Tabaski, Korité, a public holiday) closing every slot of its date. */
export const fermetureSchema = z.object({
  date: slotDateSchema,
  motif: z.string({ error: SLOT_MESSAGES.motifLength }).trim().min(1, { error: SLOT_MESSAGES.motifLength }).max(200, { error: SLOT_MESSAGES.motifLength }),
})
export type FermetureInput = z.infer<typeof fermetureSchema>

/** The order body's `creneau`: which slot, on which date. */
export const slotChoiceSchema = z.object(
  {
    id: slotId(SLOT_MESSAGES.unknown),
    date: slotDateSchema,
  },
  { error: SLOT_MESSAGES.required },
)
export type SlotChoice = z.infer<typeof slotChoiceSchema>

// Answers.

/** GET /api/creneau (back office): a slot as stored. */
export const slotResponseSchema = z.object({
  id: z.number(),
  jour: z.number(),
  debut: z.string(),
  fin: z.string(),
  capacite: z.number(),
  zones: z.array(z.number()).nullable(),
  delai_minutes: z.number(),
  depot: z.number().nullable(),
  actif: z.boolean(),
  /** Written from the depot's opening hours (ADR 058): follows them, not edited here. */
  horaires: z.boolean(),
})
export type SlotRow = z.infer<typeof slotResponseSchema>

export const fermetureResponseSchema = z.object({ id: z.number(), date: z.string(), motif: z.string() })
export type FermetureRow = z.infer<typeof fermetureResponseSchema>

/** GET /api/creneaux: one slot on one date, with the places left (0: « Complet »). */
export const offeredSlotSchema = z.object({
  id: z.number(),
  date: z.string(),
  debut: z.string(),
  fin: z.string(),
  restant: z.number(),
  libelle: z.string(),
})
export type OfferedSlot = z.infer<typeof offeredSlotSchema>

/** An order's slot in its answers; null when it has none. */
export const orderSlotSchema = z.object({ date: z.string(), debut: z.string(), fin: z.string(), libelle: z.string() })
export type OrderSlot = z.infer<typeof orderSlotSchema>

// Dates and times, in Dakar (UTC).

/** A day's weekday, 0 (dimanche) to 6. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
/** `09:00:00` as PostgreSQL writes a time → `09:00`. */
export const hhmm = (time: string) => time.slice(0, 5)
/** The instant a slot starts on `date` (Dakar is UTC). */
export const slotStart = (date: string, debut: string) => new Date(`${date}T${hhmm(debut)}:00Z`)

/**
 * Until when a slot can be chosen on `date`: a hand-made slot `delai_minutes` before it starts,
 * a pickup window from the opening hours (ADR 058) `delai_minutes` before it ends.
 */
export const slotCutOff = (slot: { debut: string; fin: string; delaiMinutes: number; horaires: boolean }, date: string) =>
  new Date(slotStart(date, slot.horaires ? slot.fin : slot.debut).getTime() - slot.delaiMinutes * 60_000)

/** « Lundi 30 novembre, 09:00–12:00 ». */
export function formatSlot(slot: { date: string; debut: string; fin: string }): string {
  const day = new Date(`${slot.date}T00:00:00Z`)
  return `${JOURS[day.getUTCDay()]} ${day.getUTCDate()} ${MOIS[day.getUTCMonth()]}, ${hhmm(slot.debut)}–${hhmm(slot.fin)}`
}

/** « Lundi 30 novembre » (a day's heading in the checkout's list). */
export function formatSlotDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  return `${JOURS[day.getUTCDay()]} ${day.getUTCDate()} ${MOIS[day.getUTCMonth()]}`
}

/** « lun. 30/11 09:00-12:00 »: the slot in an SMS (short, GSM alphabet only). */
export function formatSlotShort(slot: { date: string; debut: string; fin: string }): string {
  const [, month, dayOfMonth] = slot.date.split('-')
  const weekday = JOURS[weekdayOf(slot.date)]!.slice(0, 3).toLowerCase()
  return `${weekday}. ${dayOfMonth}/${month} ${hhmm(slot.debut)}-${hhmm(slot.fin)}`
}

/** « Livraison prévue : Lundi 30 novembre, 09:00–12:00 » (« Retrait prévu » for a pickup; « Créneau prévu » when not known). */
export const plannedSlot = (libelle: string, pickup: boolean | null) =>
  `${pickup === null ? SLOT_MESSAGES.creneauPrevu : pickup ? SLOT_MESSAGES.retraitPrevu : SLOT_MESSAGES.livraisonPrevue} : ${libelle}`

/** An order's slot for its answers, from its stored columns; null without one. */
export function orderSlot(columns: { creneauDate: string | null; creneauDebut: string | null; creneauFin: string | null }): OrderSlot | null {
  if (!columns.creneauDate || !columns.creneauDebut || !columns.creneauFin) return null
  const slot = { date: columns.creneauDate, debut: hhmm(columns.creneauDebut), fin: hhmm(columns.creneauFin) }
  return { ...slot, libelle: formatSlot(slot) }
}
