// The cash couriers hand back (issue 25 §4, ADR 057): a day's cash orders per courier, what was
// to be collected, what the courier entered as collected, what they handed back, and the two
// differences. Schemas shared by the server and apps/admin, with their French messages.
import { z } from 'zod'
import { daysBetween, isRealDay, shopDay } from './shop-day.ts'
import { MESSAGES } from './messages.ts'
import { isStorableText } from './schemas.ts'

export const CASH_MESSAGES = {
  dateInvalid: 'La date doit être une date valide au format AAAA-MM-JJ.',
  dateFuture: 'La date ne peut pas être dans le futur.',
  livreurRequired: 'Choisissez le livreur.',
  montantInvalid: 'Le montant doit être un nombre entier de FCFA, différent de 0.',
  montantTooLarge: 'Le montant dépasse 100 000 000 FCFA.',
  noteTooLong: 'La note est trop longue (500 caractères au plus).',
  noteText: 'La note doit être un texte.',
  noteRequiredForCorrection: 'Une correction (montant négatif) doit dire pourquoi dans la note.',
  remiseSaved: 'Remise enregistrée.',
  rangeInverted: 'La date de fin doit suivre la date de début.',
  rangeTooLong: 'L’export de la caisse couvre 366 jours au plus.',
} as const

/** The largest amount one hand-back line may hold, either way (the table's own bound). */
export const REMISE_MAX = 100_000_000
/** How many days the cash page's summary shows, ending with the day chosen. */
export const CASH_SUMMARY_DAYS = 30

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30), as the shop's day (Dakar is UTC). */
export const businessDaySchema = z.string({ error: CASH_MESSAGES.dateInvalid }).refine(isRealDay, { error: CASH_MESSAGES.dateInvalid })

/** GET /api/caisse?date= (default today). */
export const cashDayQuerySchema = z.object({ date: businessDaySchema.optional() })
/** GET /api/caisse/jours?jusqua= : the CASH_SUMMARY_DAYS days ending with `jusqua` (default today). */
export const cashDaysQuerySchema = z.object({ jusqua: businessDaySchema.optional() })

/** The longest range of days the cash page's export covers (ADR 060). */
export const CASH_EXPORT_MAX_DAYS = 366

/**
 * GET /api/caisse/export.csv|xlsx?du=&au= : each courier's days from `du` (default: `au`) to `au`
 * (default: today), at most CASH_EXPORT_MAX_DAYS. The range is checked with its defaults filled
 * in, so the route has nothing left to check.
 */
export const cashExportQuerySchema = z
  .object({ du: businessDaySchema.optional(), au: businessDaySchema.optional() })
  .transform(({ du, au = shopDay() }) => ({ du: du ?? au, au }))
  .superRefine(({ du, au }, ctx) => {
    const span = daysBetween(du, au)
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['au'], message: CASH_MESSAGES.rangeInverted })
    else if (span >= CASH_EXPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['du'], message: CASH_MESSAGES.rangeTooLong })
  })

/** POST /api/caisse/remise: one hand-back line; a negative amount corrects an earlier line and says why. */
export const remiseSchema = z
  .object({
    livreur: z
      .number({ error: CASH_MESSAGES.livreurRequired })
      .int({ error: CASH_MESSAGES.livreurRequired })
      .positive({ error: CASH_MESSAGES.livreurRequired })
      .max(2_147_483_647, { error: CASH_MESSAGES.livreurRequired }),
    date: businessDaySchema,
    montant: z
      .number({ error: CASH_MESSAGES.montantInvalid })
      .int({ error: CASH_MESSAGES.montantInvalid })
      .refine((n) => n !== 0, { error: CASH_MESSAGES.montantInvalid })
      .refine((n) => Math.abs(n) <= REMISE_MAX, { error: CASH_MESSAGES.montantTooLarge }),
    note: z
      .string({ error: CASH_MESSAGES.noteText })
      .trim()
      .max(500, { error: CASH_MESSAGES.noteTooLong })
      .refine(isStorableText, { error: MESSAGES.textInvalidCharacters })
      .optional()
      .nullable()
      .transform((note) => (note ? note : null)),
  })
  .superRefine((value, ctx) => {
    if (value.montant < 0 && !value.note) ctx.addIssue({ code: 'custom', path: ['note'], message: CASH_MESSAGES.noteRequiredForCorrection })
  })
export type RemiseInput = z.input<typeof remiseSchema>

/**
 * One courier's day. `a_encaisser`: the totals of their cash orders delivered that day;
 * `encaisse`: what they entered as collected on those orders; `remis`: what they handed back
 * that day (corrections included); `ecart` = encaisse − remis, the cash still in their hands;
 * `ecart_encaissement` = a_encaisser − encaisse, what they did not collect from the customers.
 */
export const cashCourierDaySchema = z.object({
  livreur: z.object({ id: z.number(), nom: z.string() }),
  commandes: z.number(),
  a_encaisser: z.number(),
  encaisse: z.number(),
  remis: z.number(),
  ecart: z.number(),
  ecart_encaissement: z.number(),
})
export type CashCourierDay = z.infer<typeof cashCourierDaySchema>

/** One day of the summary: every courier's figures added up. */
export const cashDaySummarySchema = cashCourierDaySchema.omit({ livreur: true }).extend({ date: z.string() })
export type CashDaySummary = z.infer<typeof cashDaySummarySchema>

export const remiseResponseSchema = z.object({
  id: z.number(),
  livreur: z.number(),
  date: z.string(),
  montant: z.number(),
  note: z.string().nullable(),
  created_at: z.string(),
})
export type Remise = z.infer<typeof remiseResponseSchema>

/** Whether a line of the page is shown red: money missing or not handed back. */
export const cashDiffers = (row: { ecart: number; ecart_encaissement: number }) => row.ecart !== 0 || row.ecart_encaissement !== 0
