// The back office's people and settings forms (issue 10): zod schemas shared by the server
// (which validates every write with them) and apps/admin, with their French messages.
import { z } from 'zod'
import { mediaKeySchema } from './backoffice-catalogue.ts'
import { normalizePhone } from './phone.ts'
import { isHttpsUrl, optionalField } from './schemas.ts'

export const SETTINGS_MESSAGES = {
  designationRequired: 'La désignation est obligatoire.',
  textTooLong: 'Ce texte est trop long.',
  nothingToChange: 'Aucun champ à modifier : indiquez au moins une valeur.',
  fraisInvalid: 'Les frais doivent être un nombre entier de FCFA, positif ou nul.',
  positionInvalid: 'La position doit être un nombre entier positif ou nul.',
  latitudeInvalid: 'La latitude doit être au Sénégal (entre 12,3 et 16,7).',
  longitudeInvalid: 'La longitude doit être au Sénégal (entre -17,6 et -11,3).',
  depotPositionRequired: 'Choisissez la position du dépôt sur la carte.',
  actifInvalid: 'Indiquez si le mode de paiement est actif.',
  imageRequired: "L'image est obligatoire.",
  slideImageInvalid: "L'image de la diapositive n'est pas valide : envoyez une image depuis ce formulaire.",
  logoInvalid: "Le logo n'est pas valide : envoyez une image depuis ce formulaire.",
  promotionInvalid: "L'image de la promotion 1 n'est pas valide : envoyez une image depuis ce formulaire.",
  promotion2Invalid: "L'image de la promotion 2 n'est pas valide : envoyez une image depuis ce formulaire.",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  phoneInvalid: "Le numéro de téléphone n'est pas valide.",
  alertPhonesTooMany: 'Au plus 5 numéros reçoivent les nouvelles commandes.',
  messageCountryInvalid: "Un indicatif de pays s'écrit avec 1 à 3 chiffres, par exemple 33 pour la France (le Sénégal, 221, est toujours servi).",
  messageCountriesTooMany: 'Au plus 20 pays autres que le Sénégal.',
  urlInvalid: "Le site web doit être une adresse en https:// (par exemple https://teranga.sn).",
  couleurInvalid: 'La couleur doit être au format #RRGGBB.',
  pointInvalid: 'Le seuil de points doit être un nombre entier positif ou nul.',
  pointTaken: 'Un autre privilège a déjà ce seuil de points.',
  recompenseTypeInvalid: 'Type de récompense inconnu.',
  recompenseValeurInvalid: 'La valeur de la récompense est un pourcentage entier, de 0 à 100.',
  designationTaken: 'Cette désignation existe déjà.',
  zoneInUse: 'Cette zone est utilisée par des commandes ou des adresses : elle ne peut pas être supprimée.',
  depotInUse: 'Ce dépôt est utilisé par des commandes : il ne peut pas être supprimé.',
  pointsInvalid: 'Le nombre de points doit être un entier non nul.',
  motifRequired: 'Le motif est obligatoire.',
  pointsBelowZero: 'Le solde de points du client ne peut pas devenir négatif.',
  clientNotFound: 'Client introuvable.',
  settingNotFound: 'Élément introuvable.',
  hoursInvalid: 'Une heure doit être au format HH:MM (par exemple 08:30).',
  hoursOrder: "L'heure de fermeture doit venir après l'heure d'ouverture.",
  retraitCreneauxInvalid: 'Indiquez si le retrait se fait sur créneaux (oui ou non).',
  retraitCapaciteInvalid: 'La capacité doit être un nombre entier de commandes par jour, de 1 à 10 000 (vide : sans limite).',
  orderIdsInvalid: 'Indiquez chaque élément une seule fois, dans le nouvel ordre.',
  orderStale: 'La liste a changé entre-temps : rechargez la page puis recommencez.',
} as const

const text = (max: number) => z.string().trim().max(max, { error: SETTINGS_MESSAGES.textTooLong })
const optionalText = (max: number) => optionalField(text(max))
const designation = z.string({ error: SETTINGS_MESSAGES.designationRequired }).trim().min(1, { error: SETTINGS_MESSAGES.designationRequired }).max(100, { error: SETTINGS_MESSAGES.textTooLong })
const position = z.number({ error: SETTINGS_MESSAGES.positionInvalid }).int({ error: SETTINGS_MESSAGES.positionInvalid }).min(0, { error: SETTINGS_MESSAGES.positionInvalid }).max(10_000, { error: SETTINGS_MESSAGES.positionInvalid })

/**
 * An image of the shop's pages is a media key (uploaded, or seeded), the rule of the catalogue's
 * forms, never an address: the storefront would load `//evil.example/x`, `http:` or `data:` as given.
 */
const mediaKey = (message: string) => z.string({ error: message }).trim().refine((key) => mediaKeySchema.safeParse(key).success, { error: message })
/** A link the storefront shows: https only (not `javascript:`, `data:`, `//host` or plain http). */
const httpsLink = z.string({ error: SETTINGS_MESSAGES.urlInvalid }).trim().max(300, { error: SETTINGS_MESSAGES.textTooLong }).refine((link) => /^https:\/\//i.test(link) && isHttpsUrl(link), { error: SETTINGS_MESSAGES.urlInvalid })

/** Senegal's bounding box (with a margin for the coast and the islands). */
export const SENEGAL_BOUNDS = { latMin: 12.3, latMax: 16.7, lngMin: -17.6, lngMax: -11.3 } as const

export const zoneSchema = z.object({
  designation,
  frais: z.number({ error: SETTINGS_MESSAGES.fraisInvalid }).int({ error: SETTINGS_MESSAGES.fraisInvalid }).min(0, { error: SETTINGS_MESSAGES.fraisInvalid }).max(1_000_000, { error: SETTINGS_MESSAGES.fraisInvalid }),
  // Absent: a new zone goes last, a renamed one keeps its place (PUT /api/zone/ordre moves it).
  position: position.optional(),
})

/** A depot's weekdays, Monday first, as the opening hours' keys. */
export const DEPOT_DAYS = ['lun', 'mar', 'mer', 'jeu', 'ven', 'sam', 'dim'] as const
export type DepotDay = (typeof DEPOT_DAYS)[number]
const DAY_SHORT: Record<DepotDay, string> = { lun: 'Lun', mar: 'Mar', mer: 'Mer', jeu: 'Jeu', ven: 'Ven', sam: 'Sam', dim: 'Dim' }
export const DEPOT_DAY_NAMES: Record<DepotDay, string> = { lun: 'lundi', mar: 'mardi', mer: 'mercredi', jeu: 'jeudi', ven: 'vendredi', sam: 'samedi', dim: 'dimanche' }

const clock = z.string({ error: SETTINGS_MESSAGES.hoursInvalid }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: SETTINGS_MESSAGES.hoursInvalid })
// "HH:MM" strings compare in time order.
const openingSpan = z.object({ ouverture: clock, fermeture: clock }).refine((span) => span.fermeture > span.ouverture, { error: SETTINGS_MESSAGES.hoursOrder, path: ['fermeture'] })
const day = openingSpan.nullable().default(null)

/** Opening hours: per weekday, null when closed (a missing day is closed). */
export const depotHoursSchema = z.object({ lun: day, mar: day, mer: day, jeu: day, ven: day, sam: day, dim: day })
export type DepotHours = z.output<typeof depotHoursSchema>
export type DepotHoursInput = z.input<typeof depotHoursSchema>

const clockWords = (time: string) => {
  const [h, m] = time.split(':')
  return m === '00' ? `${Number(h)} h` : `${Number(h)} h ${m}`
}
const listWords = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} et ${words.at(-1)}`)

/**
 * Opening hours in French, days with the same hours grouped:
 * « Lun–Ven 8 h–19 h, Sam 9 h–13 h, fermé le dimanche ». Null when none were given.
 */
export function formatDepotHours(hours: DepotHoursInput | null | undefined): string | null {
  if (!hours) return null
  const spans = DEPOT_DAYS.map((d) => hours[d] ?? null)
  const closed = DEPOT_DAYS.filter((_, i) => !spans[i])
  if (closed.length === DEPOT_DAYS.length) return 'Fermé tous les jours'
  const parts: string[] = []
  for (let i = 0; i < DEPOT_DAYS.length; ) {
    const span = spans[i]
    if (!span) {
      i++
      continue
    }
    let end = i
    while (end + 1 < DEPOT_DAYS.length && spans[end + 1]?.ouverture === span.ouverture && spans[end + 1]?.fermeture === span.fermeture) end++
    const time = `${clockWords(span.ouverture)}–${clockWords(span.fermeture)}`
    if (i === 0 && end === DEPOT_DAYS.length - 1) return `Tous les jours ${time}`
    const days = i === end ? DAY_SHORT[DEPOT_DAYS[i]!] : `${DAY_SHORT[DEPOT_DAYS[i]!]}–${DAY_SHORT[DEPOT_DAYS[end]!]}`
    parts.push(`${days} ${time}`)
    i = end + 1
  }
  if (closed.length > 0) parts.push(`fermé ${listWords(closed.map((d) => `le ${DEPOT_DAY_NAMES[d]}`))}`)
  return parts.join(', ')
}

/** PUT /api/{categorie,souscategorie,zone,depot}/ordre: every item once, in the new order. */
export const reorderSchema = z.object({
  ids: z
    .array(z.number({ error: SETTINGS_MESSAGES.orderIdsInvalid }).int({ error: SETTINGS_MESSAGES.orderIdsInvalid }).min(1, { error: SETTINGS_MESSAGES.orderIdsInvalid }), { error: SETTINGS_MESSAGES.orderIdsInvalid })
    .min(1, { error: SETTINGS_MESSAGES.orderIdsInvalid })
    .max(500, { error: SETTINGS_MESSAGES.orderIdsInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: SETTINGS_MESSAGES.orderIdsInvalid }),
})
export type ReorderInput = z.infer<typeof reorderSchema>

export const depotSchema = z.object({
  designation,
  description: optionalText(1000),
  adresse: optionalText(300),
  // Missing (not picked on the map yet): one message for both coordinates.
  latitude: z.number({ error: (issue) => (issue.input === undefined ? SETTINGS_MESSAGES.depotPositionRequired : SETTINGS_MESSAGES.latitudeInvalid) }).min(SENEGAL_BOUNDS.latMin, { error: SETTINGS_MESSAGES.latitudeInvalid }).max(SENEGAL_BOUNDS.latMax, { error: SETTINGS_MESSAGES.latitudeInvalid }),
  longitude: z.number({ error: (issue) => (issue.input === undefined ? SETTINGS_MESSAGES.depotPositionRequired : SETTINGS_MESSAGES.longitudeInvalid) }).min(SENEGAL_BOUNDS.lngMin, { error: SETTINGS_MESSAGES.longitudeInvalid }).max(SENEGAL_BOUNDS.lngMax, { error: SETTINGS_MESSAGES.longitudeInvalid }),
  // Absent keeps the depot's hours; null clears them.
  horaires: depotHoursSchema.nullable().optional(),
  // Pickup windows from the opening hours (ADR 058): absent keeps what was set; a capacity of null is no limit.
  retrait_creneaux: z.boolean({ error: SETTINGS_MESSAGES.retraitCreneauxInvalid }).optional(),
  retrait_capacite: z
    .number({ error: SETTINGS_MESSAGES.retraitCapaciteInvalid })
    .int({ error: SETTINGS_MESSAGES.retraitCapaciteInvalid })
    .min(1, { error: SETTINGS_MESSAGES.retraitCapaciteInvalid })
    .max(10_000, { error: SETTINGS_MESSAGES.retraitCapaciteInvalid })
    .nullable()
    .optional(),
})

export const modePaiementSchema = z.object({
  actif: z.boolean({ error: SETTINGS_MESSAGES.actifInvalid }),
  position,
})

export const carousselSchema = z.object({
  image: z.string({ error: SETTINGS_MESSAGES.imageRequired }).trim().min(1, { error: SETTINGS_MESSAGES.imageRequired, abort: true }).pipe(mediaKey(SETTINGS_MESSAGES.slideImageInvalid)),
  titre: optionalText(150),
  description: optionalText(500),
  position: position.default(0),
})

const phone = z.string().trim().regex(/^\+?[0-9][0-9 ]{6,19}$/, { error: SETTINGS_MESSAGES.phoneInvalid })

/** A staff number told by SMS of each new order (ADR 034): as typed, stored in E.164. */
const alertPhone = z.string({ error: SETTINGS_MESSAGES.phoneInvalid }).transform((typed, ctx) => {
  const result = normalizePhone(typed)
  if (result.ok) return result.e164
  ctx.addIssue({ code: 'custom', message: result.message })
  return z.NEVER
})

/**
 * A country (its calling code, « 33 » or « +33 ») whose numbers also receive the order messages
 * (ADR 034): stored as digits. Senegal's mobiles always do, and are not listed.
 */
const messageCountry = z
  .string({ error: SETTINGS_MESSAGES.messageCountryInvalid })
  .trim()
  .transform((typed) => typed.replace(/^\+/, '').replace(/^00/, ''))
  .pipe(z.string().regex(/^[1-9]\d{0,2}$/, { error: SETTINGS_MESSAGES.messageCountryInvalid }).refine((code) => code !== '221', { error: SETTINGS_MESSAGES.messageCountryInvalid }))

export const preferenceSchema = z.object({
  logo: optionalField(mediaKey(SETTINGS_MESSAGES.logoInvalid)),
  telephone: optionalField(phone),
  telephone2: optionalField(phone),
  email: optionalField(z.email({ error: SETTINGS_MESSAGES.emailInvalid }).max(200, { error: SETTINGS_MESSAGES.textTooLong })),
  lieu: optionalField(text(300)),
  siteweb: optionalField(httpsLink),
  // The home page's two promotion images (spec §2).
  promotion: optionalField(mediaKey(SETTINGS_MESSAGES.promotionInvalid)),
  promotion2: optionalField(mediaKey(SETTINGS_MESSAGES.promotion2Invalid)),
  // The contact page (issue 19 §2): the WhatsApp number, opening hours and the shop on the map.
  whatsapp: optionalField(phone),
  horaires: optionalText(500),
  latitude: z.number({ error: SETTINGS_MESSAGES.latitudeInvalid }).min(SENEGAL_BOUNDS.latMin, { error: SETTINGS_MESSAGES.latitudeInvalid }).max(SENEGAL_BOUNDS.latMax, { error: SETTINGS_MESSAGES.latitudeInvalid }).nullable().optional(),
  longitude: z.number({ error: SETTINGS_MESSAGES.longitudeInvalid }).min(SENEGAL_BOUNDS.lngMin, { error: SETTINGS_MESSAGES.longitudeInvalid }).max(SENEGAL_BOUNDS.lngMax, { error: SETTINGS_MESSAGES.longitudeInvalid }).nullable().optional(),
  // The staff's numbers told of each new order by SMS; [] tells nobody.
  telephonesAlertes: z.array(alertPhone).max(5, { error: SETTINGS_MESSAGES.alertPhonesTooMany }).optional(),
  // The countries other than Senegal whose numbers get the order messages (SMS cost money abroad): [] for none.
  indicatifsMessages: z
    .array(messageCountry)
    .max(20, { error: SETTINGS_MESSAGES.messageCountriesTooMany })
    .transform((codes) => [...new Set(codes)])
    .optional(),
})

export const recompenseSchema = z.object({
  type: z.string({ error: SETTINGS_MESSAGES.recompenseTypeInvalid }).trim().min(1, { error: SETTINGS_MESSAGES.recompenseTypeInvalid }).max(50, { error: SETTINGS_MESSAGES.recompenseTypeInvalid }),
  // Both reward types are percentages (packages/shared/order-amounts.ts): of the goods, or of the delivery fee waived.
  valeur: z.number({ error: SETTINGS_MESSAGES.recompenseValeurInvalid }).int({ error: SETTINGS_MESSAGES.recompenseValeurInvalid }).min(0, { error: SETTINGS_MESSAGES.recompenseValeurInvalid }).max(100, { error: SETTINGS_MESSAGES.recompenseValeurInvalid }),
})

export const privilegeSchema = z.object({
  designation,
  couleur: optionalField(z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: SETTINGS_MESSAGES.couleurInvalid })),
  point: z.number({ error: SETTINGS_MESSAGES.pointInvalid }).int({ error: SETTINGS_MESSAGES.pointInvalid }).min(0, { error: SETTINGS_MESSAGES.pointInvalid }).max(100_000_000, { error: SETTINGS_MESSAGES.pointInvalid }),
  recompenses: z.array(recompenseSchema).max(20).default([]),
})

/** POST /api/client/{id}/points: a manual adjustment, never to a negative balance. */
export const pointsAdjustmentSchema = z.object({
  points: z
    .number({ error: SETTINGS_MESSAGES.pointsInvalid })
    .int({ error: SETTINGS_MESSAGES.pointsInvalid })
    .min(-1_000_000, { error: SETTINGS_MESSAGES.pointsInvalid })
    .max(1_000_000, { error: SETTINGS_MESSAGES.pointsInvalid })
    .refine((n) => n !== 0, { error: SETTINGS_MESSAGES.pointsInvalid }),
  motif: z.string({ error: SETTINGS_MESSAGES.motifRequired }).trim().min(1, { error: SETTINGS_MESSAGES.motifRequired }).max(200, { error: SETTINGS_MESSAGES.textTooLong }),
})

export type ZoneInput = z.infer<typeof zoneSchema>
export type DepotInput = z.infer<typeof depotSchema>
export type ModePaiementInput = z.infer<typeof modePaiementSchema>
export type CarousselInput = z.infer<typeof carousselSchema>
export type PreferenceInput = z.infer<typeof preferenceSchema>
export type RecompenseInput = z.infer<typeof recompenseSchema>
export type PrivilegeInput = z.infer<typeof privilegeSchema>
export type PointsAdjustmentInput = z.infer<typeof pointsAdjustmentSchema>

// The settings' answers (GET, POST, PUT of /api/zone, depot, caroussel, privilege, modepaiement,
// preference): the server declares them as its routes' responses, the back office infers its
// types from them. Every column of the row goes out, as the audit lines record it.

export const zoneResponseSchema = z.object({ id: z.number(), designation: z.string(), frais: z.number(), position: z.number() })

const openingSpanResponse = z.object({ ouverture: z.string(), fermeture: z.string() }).nullable()
/** Stored hours as the depot schema wrote them: every weekday, null when closed. */
export const depotHoursResponseSchema = z.object({
  lun: openingSpanResponse,
  mar: openingSpanResponse,
  mer: openingSpanResponse,
  jeu: openingSpanResponse,
  ven: openingSpanResponse,
  sam: openingSpanResponse,
  dim: openingSpanResponse,
})

export const depotResponseSchema = z.object({
  id: z.number(),
  designation: z.string(),
  description: z.string().nullable(),
  adresse: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  horaires: depotHoursResponseSchema.nullable(),
  position: z.number(),
  /** Whether the opening hours are offered as pickup windows (ADR 058), and how many orders each takes (null: no limit). */
  retrait_creneaux: z.boolean(),
  retrait_capacite: z.number().nullable(),
})

export const slideResponseSchema = z.object({ id: z.number(), image: z.string(), titre: z.string().nullable(), description: z.string().nullable(), position: z.number() })

export const privilegeResponseSchema = z.object({
  id: z.number(),
  designation: z.string(),
  couleur: z.string().nullable(),
  point: z.number(),
  image: z.string().nullable(),
  recompenses: z.array(z.object({ type: z.string(), valeur: z.number() })),
})

export const paymentModeResponseSchema = z.object({
  id: z.number(),
  designation: z.string(),
  code: z.string(),
  image: z.string().nullable(),
  desc: z.string().nullable(),
  actif: z.boolean(),
  position: z.number(),
})

export const preferenceResponseSchema = z.object({
  id: z.number(),
  logo: z.string().nullable(),
  logo2: z.string().nullable(),
  email: z.string().nullable(),
  lieu: z.string().nullable(),
  promotion: z.string().nullable(),
  promotion2: z.string().nullable(),
  siteweb: z.string().nullable(),
  telephone: z.string().nullable(),
  telephone2: z.string().nullable(),
  whatsapp: z.string().nullable(),
  horaires: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  telephonesAlertes: z.array(z.string()),
  indicatifsMessages: z.array(z.string()),
})

export type Zone = z.infer<typeof zoneResponseSchema>
export type Depot = z.infer<typeof depotResponseSchema>
export type Slide = z.infer<typeof slideResponseSchema>
export type Privilege = z.infer<typeof privilegeResponseSchema>
export type PaymentMode = z.infer<typeof paymentModeResponseSchema>
export type Preference = z.infer<typeof preferenceResponseSchema>

/**
 * The first admin's checklist (issue 23 §5, ADR 045): what a new shop still needs before it
 * sells, each step done or not. `cles` is done when payments and SMS run on real keys; until
 * then `cles_manquantes` names what runs in a sandbox or not at all.
 */
export const SETUP_STEPS = ['categories', 'produits', 'zones', 'depots', 'coordonnees', 'cles'] as const
export type SetupStep = (typeof SETUP_STEPS)[number]
export const SETUP_KEYS = ['WAVE', 'PAYTECH', 'SMS'] as const
export const setupChecklistSchema = z.object({
  etapes: z.array(z.object({ cle: z.enum(SETUP_STEPS), fait: z.boolean() })),
  cles_manquantes: z.array(z.enum(SETUP_KEYS)),
  terminee: z.boolean(),
})
export type SetupChecklist = z.infer<typeof setupChecklistSchema>
