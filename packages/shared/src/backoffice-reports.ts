// The owner's sales reports (issue 26 §1, ADR 059): GET /api/rapport/ventes?du=&au=&par=, its
// lines and total, the period's bounds and the French messages. Shared by the server and apps/admin.
import { z } from 'zod'
import { daysBetween, isRealDay } from './shop-day.ts'

export const REPORTS_MESSAGES = {
  duInvalid: 'La date de début (du) doit être une date valide au format AAAA-MM-JJ.',
  auInvalid: 'La date de fin (au) doit être une date valide au format AAAA-MM-JJ.',
  auBeforeDu: 'La date de fin (au) doit être le même jour que la date de début (du) ou après.',
  periodTooLong: 'La période ne peut pas dépasser 366 jours (du … au).',
  parInvalid: 'Le regroupement (par) doit être : jour, semaine, mois, produit, categorie, modepaiement, zone, livreur ou codepromo.',
  formatInvalid: 'Le format doit être json ou csv.',
} as const

/** The longest period a report covers, both days counted. */
export const REPORT_MAX_DAYS = 366

export const REPORT_GROUPINGS = ['jour', 'semaine', 'mois', 'produit', 'categorie', 'modepaiement', 'zone', 'livreur', 'codepromo'] as const
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number]

/** The groupings' names in the back office's picker. */
export const REPORT_GROUPING_LABELS: Record<ReportGrouping, string> = {
  jour: 'Par jour',
  semaine: 'Par semaine',
  mois: 'Par mois',
  produit: 'Par produit',
  categorie: 'Par catégorie',
  modepaiement: 'Par mode de paiement',
  zone: 'Par zone',
  livreur: 'Par livreur',
  codepromo: 'Par code promo',
}

/** The line of a product or category report that holds what belongs to no product: delivery, its discount, refunds not tied to a line. */
export const REPORT_OUTSIDE_GOODS_KEY = 'hors_articles'
export const REPORT_OUTSIDE_GOODS_LABEL = 'Livraison et hors articles'

const dayField = (message: string) => z.string({ error: message }).refine(isRealDay, { error: message })

/** GET /api/rapport/ventes: `du` and `au` are Dakar days, both included. */
export const salesReportQuerySchema = z
  .object({
    du: dayField(REPORTS_MESSAGES.duInvalid),
    au: dayField(REPORTS_MESSAGES.auInvalid),
    par: z.enum(REPORT_GROUPINGS, { error: REPORTS_MESSAGES.parInvalid }).default('jour'),
    format: z.enum(['json', 'csv'], { error: REPORTS_MESSAGES.formatInvalid }).default('json'),
  })
  .superRefine((q, ctx) => {
    const span = daysBetween(q.du, q.au)
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['au'], message: REPORTS_MESSAGES.auBeforeDu })
    else if (span + 1 > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['du'], message: REPORTS_MESSAGES.periodTooLong })
  })
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>

/**
 * One line's figures (ADR 059): `montant_articles` the goods at their prices, `remises` every
 * discount taken off (code, tier percentage, free delivery), `livraison` the delivery fees, all
 * three of the sales counted on the day they were paid or delivered; `rembourse` what was given
 * back on the period's days; `net` = montant_articles − remises + livraison − rembourse.
 */
export const reportFiguresSchema = z.object({
  commandes: z.number(),
  articles: z.number(),
  montant_articles: z.number(),
  remises: z.number(),
  livraison: z.number(),
  rembourse: z.number(),
  net: z.number(),
})
export type ReportFigures = z.infer<typeof reportFiguresSchema>

export const reportLineSchema = reportFiguresSchema.extend({ cle: z.string(), libelle: z.string() })
export type ReportLine = z.infer<typeof reportLineSchema>

export const salesReportResponseSchema = z.object({
  du: z.string(),
  au: z.string(),
  par: z.enum(REPORT_GROUPINGS),
  lignes: z.array(reportLineSchema),
  total: reportFiguresSchema,
})
export type SalesReport = z.infer<typeof salesReportResponseSchema>

/** The CSV's columns, in order: the JSON's field names. */
export const REPORT_CSV_COLUMNS = ['cle', 'libelle', 'commandes', 'articles', 'montant_articles', 'remises', 'livraison', 'rembourse', 'net'] as const

/** GET /api/rapport/synthese: the same period, the same bounds. */
export const salesSummaryQuerySchema = z
  .object({ du: dayField(REPORTS_MESSAGES.duInvalid), au: dayField(REPORTS_MESSAGES.auInvalid) })
  .superRefine((q, ctx) => {
    const span = daysBetween(q.du, q.au)
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['au'], message: REPORTS_MESSAGES.auBeforeDu })
    else if (span + 1 > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['du'], message: REPORTS_MESSAGES.periodTooLong })
  })

/** How many best sellers and slow movers the summary names. */
export const REPORT_TOP = 5
export const REPORT_SLOW_MOVERS = 10
/** A slow mover: in stock, no sale in these many days up to the period's end. */
export const REPORT_SLOW_DAYS = 30

/**
 * The period's summary: the average basket (what a sale was paid, before refunds), the customers
 * who bought for the first time and those who had before, the best sellers by units, the
 * payment modes' share of the sales, and the slow movers (in stock, no sale in the 30 days
 * ending with `au`).
 */
export const salesSummaryResponseSchema = z.object({
  du: z.string(),
  au: z.string(),
  commandes: z.number(),
  panier_moyen: z.number(),
  clients: z.object({ nouveaux: z.number(), habitues: z.number() }),
  meilleures_ventes: z.array(z.object({ id: z.number(), designation: z.string(), articles: z.number(), net: z.number() })),
  modes: z.array(z.object({ code: z.string(), designation: z.string(), commandes: z.number(), net: z.number(), part: z.number() })),
  invendus: z.array(z.object({ id: z.number(), designation: z.string(), quantite: z.number() })),
})
export type SalesSummary = z.infer<typeof salesSummaryResponseSchema>

/** What the page says under its figures. */
export const REPORT_SALES_RULE_TEXT =
  'Ventes : commandes payées en ligne, ou en espèces une fois livrées, le jour du paiement ou de la livraison ; les remboursements comptent le jour où ils sont faits.'
