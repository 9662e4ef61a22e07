// The back-office catalogue's forms (issue 10): the spec's product and category forms (§5)
// with their exact messages, stock movements, and the image rules both the admin app and the
// server apply (the server checks an image by its bytes, never by its name).
import { z } from 'zod'
import { MESSAGES } from './messages.ts'
import { formatNombre, formatPrix } from './money.ts'
import { checkSalePrice, salePriceFields } from './promotions.ts'
import { bodyIdSchema, optionalField } from './schemas.ts'

export const CATALOGUE_MESSAGES = {
  // Spec §5, product form.
  designationRequired: 'La désignation est requise',
  prixNumber: 'Le prix doit être un nombre',
  prixPositive: 'Le prix doit être positif',
  prixRequired: 'Le prix est requis',
  qteInteger: 'La quantité doit être un entier',
  qteMin: 'La quantité doit être au moins 1',
  qteRequired: 'La quantité est requise',
  uniteRequired: "L'unité est requise",
  categorieRequired: 'La categorie est requise',
  imageTooLarge: "L'image est trop grande (max 2MB)",
  imageType: 'Le type de fichier est invalide',
  // Spec §5, category form.
  designationMin: 'La désignation doit contenir au moins 2 caractères',
  designationMax: 'La désignation ne doit pas dépasser 50 caractères',
  // The back office's own.
  prixInteger: 'Le prix doit être un nombre entier de FCFA',
  prixMax: `Le prix ne doit pas dépasser ${formatPrix(100_000_000)}`,
  qteMax: `La quantité ne doit pas dépasser ${formatNombre(1_000_000)}`,
  designationTooLong: 'La désignation ne doit pas dépasser 200 caractères',
  uniteTooLong: "L'unité ne doit pas dépasser 30 caractères",
  descriptionTooLong: `La description ne doit pas dépasser ${formatNombre(5000)} caractères`,
  codeInvalid: 'Le code ne peut contenir que des lettres, des chiffres, « . », « _ » et « - » (50 caractères au plus)',
  codeRequired: 'Le code est requis',
  codeTaken: 'Ce code est déjà utilisé par un autre produit',
  seuilInvalid: `Le seuil d'alerte doit être un entier entre 0 et ${formatNombre(1_000_000)}`,
  positionInvalid: `La position doit être un entier entre 0 et ${formatNombre(10_000)}`,
  mediaKeyInvalid: "L'image est invalide",
  mediaUnknown: "Cette image n'existe pas",
  imageRequired: "L'image est requise (champ « image »)",
  imageTooManyPixels: (width: number, height: number) =>
    `L'image est trop grande (${width} × ${height} pixels, max ${IMAGE_MAX_PIXELS / 1_000_000} mégapixels)`,
  imageQueueFull: "Trop d'images sont en cours de traitement : réessayez dans quelques secondes",
  deltaInteger: 'La variation du stock doit être un entier',
  deltaNonZero: 'La variation du stock ne peut pas être nulle',
  deltaMax: `La variation du stock ne doit pas dépasser ${formatNombre(1_000_000)}`,
  motifRequired: 'Le motif est requis',
  motifTooLong: 'Le motif ne doit pas dépasser 200 caractères',
  stockNegative: (disponible: number) => `Le stock ne peut pas devenir négatif (${disponible} en stock)`,
  productNotFound: "Ce produit n'existe pas",
  categoryNotFound: "Cette catégorie n'existe pas",
  subcategoryNotFound: "Cette sous-catégorie n'existe pas",
  categoryNotEmpty: 'Cette catégorie contient encore des sous-catégories : videz-la avant de la supprimer',
  subcategoryNotEmpty: 'Cette sous-catégorie contient encore des produits : déplacez-les avant de la supprimer',
  csvInvalid: "Le fichier CSV n'a pas pu être lu",
  csvTooManyRows: (max: number) => `Le fichier ne doit pas dépasser ${max} lignes`,
  csvColumnsMissing: (columns: string) => `Colonnes manquantes : ${columns}`,
  csvHasErrors: 'Le fichier contient des erreurs : rien n’a été importé',
  csvReadAsWindows1252: 'Fichier lu en Windows-1252 (Excel) : vérifiez les accents dans l’aperçu avant de confirmer',
  // Options and variants (ADR 053 §6, §7).
  prixPerVariant: 'Le prix se donne pour chaque variante',
  qtePerVariant: 'Le stock se donne pour chaque variante',
  promoPerVariant: 'La promotion se donne pour chaque variante',
  optionsTooMany: `Un produit a au plus ${3} options`,
  optionNomInvalid: "Le nom de l'option fait de 1 à 50 caractères",
  optionNomTwice: 'Deux options portent ce nom',
  optionValeursRequired: 'Une option a au moins une valeur',
  optionValeurInvalid: 'Une valeur fait de 1 à 50 caractères',
  optionValeurTwice: (valeur: string) => `La valeur « ${valeur} » figure deux fois`,
  optionValeurUsed: (valeur: string) => `La valeur « ${valeur} » est encore utilisée par une variante`,
  variantesRequired: 'Un produit a au moins une variante',
  variantesTooMany: `Un produit a au plus ${100} variantes`,
  varianteOneWithoutOptions: 'Un produit sans options a une seule variante',
  varianteOptionsInvalid: 'Les valeurs de la variante sont un objet « option : valeur »',
  varianteValeurCount: 'La variante doit avoir une valeur pour chaque option, et pas d’autre',
  varianteValeurUnknown: (nom: string) => `Cette valeur n'est pas une des valeurs de l'option « ${nom} »`,
  varianteCombinationTwice: 'Cette combinaison figure déjà dans une autre variante',
  varianteCodeTaken: 'Ce code est déjà utilisé',
  varianteCodeTwice: 'Deux variantes portent ce code',
  varianteNotFound: MESSAGES.varianteUnknown,
  codeBarresInvalid: 'Le code-barres ne peut contenir que des lettres et des chiffres (50 caractères au plus)',
  codeBarresTaken: 'Ce code-barres est déjà utilisé',
  qteInitialInvalid: `Le stock initial doit être un entier entre 0 et ${formatNombre(1_000_000)}`,
  deltaOnNewVariant: 'Une nouvelle variante prend son stock par « qte »',
  qteOnExistingVariant: 'Le stock d’une variante existante change par « delta », avec un motif',
  variantesExpected: 'Ce produit a plusieurs variantes : envoyez-les (« variantes »)',
  // Bulk price change.
  bulkModeInvalid: 'Le mode est « pourcentage » ou « montant »',
  bulkValeurInvalid: 'La valeur doit être un nombre entier, non nul',
  bulkVariantesRequired: 'Choisissez au moins une variante',
  bulkPriceTooLow: 'Le nouveau prix d’une variante serait inférieur à 1 FCFA',
  bulkPriceTooHigh: `Le nouveau prix d’une variante dépasserait ${formatPrix(100_000_000)}`,
  // The CSV's grouped rows.
  csvGroupDiffers: (ligne: number) => `Cette colonne diffère de la ligne ${ligne} du même produit`,
  csvCodeOtherProduct: 'Ce code appartient à un autre produit',
} as const

/** A variant's id in a body: a 400 saying the variant does not exist, whatever is wrong with it. */
const varianteIdSchema = z
  .number({ error: CATALOGUE_MESSAGES.varianteNotFound })
  .int({ error: CATALOGUE_MESSAGES.varianteNotFound })
  .positive({ error: CATALOGUE_MESSAGES.varianteNotFound })
  .max(2_147_483_647, { error: CATALOGUE_MESSAGES.varianteNotFound })

/** Images: at most 2 MB, of these types, told by their first bytes. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024
/**
 * At most 25 million pixels (5000 × 5000), by the dimensions an image declares: decoding takes
 * 4 bytes a pixel whatever the file's size, and a 25 KB GIF may declare 6000 × 6000.
 */
export const IMAGE_MAX_PIXELS = 25_000_000
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const
export type ImageType = (typeof IMAGE_TYPES)[number]
/** The `accept` attribute of an image input. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',')

/** The type of an image from its magic number (JPEG, PNG, GIF), or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const b = bytes
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png'
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'image/gif'
  return null
}

/** The message refusing an image of this size and first bytes, or null when it is accepted. */
export function imageError(size: number, firstBytes: Uint8Array): string | null {
  if (size > IMAGE_MAX_BYTES) return CATALOGUE_MESSAGES.imageTooLarge
  return detectImageType(firstBytes) ? null : CATALOGUE_MESSAGES.imageType
}

/** A form value as a number: numbers pass, numeric strings (`12 500`, `3,5`) are read, blanks are missing (a form field's `setValueAs` too). */
export function formNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined
  if (typeof value !== 'string') return value
  const text = value.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (text === '') return undefined
  return /^[-+]?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : value
}

const requiredNumber = (required: string, notNumber: string) =>
  z.preprocess(formNumber, z.number({ error: (issue) => (issue.input === undefined ? required : notNumber) }))

/** A media key: `catalogue/banane` for seeded images, `uploads/<hex>` for uploaded ones. */
export const mediaKeySchema = z
  .string({ error: CATALOGUE_MESSAGES.mediaKeyInvalid })
  .max(200, { error: CATALOGUE_MESSAGES.mediaKeyInvalid })
  .regex(/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i, { error: CATALOGUE_MESSAGES.mediaKeyInvalid })

const optionalMediaKey = optionalField(mediaKeySchema)

const designationSchema = z
  .string({ error: CATALOGUE_MESSAGES.designationRequired })
  .trim()
  .min(1, { error: CATALOGUE_MESSAGES.designationRequired })
  .max(200, { error: CATALOGUE_MESSAGES.designationTooLong })

const prixSchema = requiredNumber(CATALOGUE_MESSAGES.prixRequired, CATALOGUE_MESSAGES.prixNumber).pipe(
  z
    .number()
    .positive({ error: CATALOGUE_MESSAGES.prixPositive })
    .int({ error: CATALOGUE_MESSAGES.prixInteger })
    .max(100_000_000, { error: CATALOGUE_MESSAGES.prixMax }),
)

const qteSchema = requiredNumber(CATALOGUE_MESSAGES.qteRequired, CATALOGUE_MESSAGES.qteInteger).pipe(
  z
    .number()
    .int({ error: CATALOGUE_MESSAGES.qteInteger })
    .min(1, { error: CATALOGUE_MESSAGES.qteMin })
    .max(1_000_000, { error: CATALOGUE_MESSAGES.qteMax }),
)

const categorieIdSchema = requiredNumber(CATALOGUE_MESSAGES.categorieRequired, CATALOGUE_MESSAGES.categorieRequired).pipe(
  z.number().int({ error: CATALOGUE_MESSAGES.categorieRequired }).positive({ error: CATALOGUE_MESSAGES.categorieRequired }).max(2_147_483_647, { error: CATALOGUE_MESSAGES.categorieRequired }),
)

export const productCodeSchema = z
  .string({ error: CATALOGUE_MESSAGES.codeInvalid })
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,50}$/, { error: CATALOGUE_MESSAGES.codeInvalid })

const seuilSchema = z.preprocess(
  formNumber,
  z.number({ error: CATALOGUE_MESSAGES.seuilInvalid }).int({ error: CATALOGUE_MESSAGES.seuilInvalid }).min(0, { error: CATALOGUE_MESSAGES.seuilInvalid }).max(1_000_000, { error: CATALOGUE_MESSAGES.seuilInvalid }).optional(),
)

function positionField() {
  return z.preprocess(
    formNumber,
    z.number({ error: CATALOGUE_MESSAGES.positionInvalid }).int({ error: CATALOGUE_MESSAGES.positionInvalid }).min(0, { error: CATALOGUE_MESSAGES.positionInvalid }).max(10_000, { error: CATALOGUE_MESSAGES.positionInvalid }).optional(),
  )
}

const productFields = {
  designation: designationSchema,
  prix: prixSchema,
  unite: z.string({ error: CATALOGUE_MESSAGES.uniteRequired }).trim().min(1, { error: CATALOGUE_MESSAGES.uniteRequired }).max(30, { error: CATALOGUE_MESSAGES.uniteTooLong }),
  categorie_id: categorieIdSchema,
  description: optionalField(z.string().trim().max(5000, { error: CATALOGUE_MESSAGES.descriptionTooLong })),
  code: optionalField(productCodeSchema),
  seuil: seuilSchema,
  image: optionalMediaKey,
  // The sale price and its dates (issue 19 §1): absent keeps them, null clears them.
  ...salePriceFields,
}

/** At most 3 options a product, 100 variants (ADR 053). */
export const OPTIONS_MAX = 3
export const VARIANTS_MAX = 100

const shortText = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(50, { error: message })

/** One option of a product: a name and its values, in display order, each once. */
export const productOptionBodySchema = z
  .object({
    nom: shortText(CATALOGUE_MESSAGES.optionNomInvalid),
    valeurs: z.array(shortText(CATALOGUE_MESSAGES.optionValeurInvalid), { error: CATALOGUE_MESSAGES.optionValeursRequired }).min(1, { error: CATALOGUE_MESSAGES.optionValeursRequired }).max(VARIANTS_MAX, { error: CATALOGUE_MESSAGES.variantesTooMany }),
  })
  .superRefine((option, ctx) => {
    const seen = new Set<string>()
    for (const valeur of option.valeurs) {
      if (seen.has(valeur)) ctx.addIssue({ code: 'custom', path: ['valeurs'], message: CATALOGUE_MESSAGES.optionValeurTwice(valeur) })
      seen.add(valeur)
    }
  })
export type ProductOptionBody = z.output<typeof productOptionBodySchema>

const optionsSchema = z
  .array(productOptionBodySchema, { error: CATALOGUE_MESSAGES.optionNomInvalid })
  .max(OPTIONS_MAX, { error: CATALOGUE_MESSAGES.optionsTooMany })
  .superRefine((options, ctx) => {
    const seen = new Set<string>()
    options.forEach((option, index) => {
      if (seen.has(option.nom)) ctx.addIssue({ code: 'custom', path: [index, 'nom'], message: CATALOGUE_MESSAGES.optionNomTwice })
      seen.add(option.nom)
    })
  })

/** A barcode (EAN, UPC or the shop's own): letters and digits. */
export const codeBarresSchema = z
  .string({ error: CATALOGUE_MESSAGES.codeBarresInvalid })
  .trim()
  .regex(/^[A-Za-z0-9]{1,50}$/, { error: CATALOGUE_MESSAGES.codeBarresInvalid })

const stockNumber = (message: string, min: number) =>
  z.preprocess(formNumber, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(1_000_000, { error: message }).optional())

/**
 * One variant in the product form (ADR 053 §6): `id` names an existing one (absent: a new one),
 * `options` its value for each of the product's options (`{}` without options). `qte` is a new
 * variant's first stock; `delta` an existing one's stock change, with the form's `motif`.
 */
export const productVariantBodySchema = z
  .object({
    id: varianteIdSchema.optional(),
    options: z.record(z.string(), z.string(), { error: CATALOGUE_MESSAGES.varianteOptionsInvalid }),
    position: positionField(),
    code: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), productCodeSchema.optional()).refine((v) => v !== undefined, { error: CATALOGUE_MESSAGES.codeRequired }),
    code_barres: optionalField(codeBarresSchema),
    prix: prixSchema,
    ...salePriceFields,
    seuil: seuilSchema,
    image: optionalMediaKey,
    qte: stockNumber(CATALOGUE_MESSAGES.qteInitialInvalid, 0),
    delta: z.preprocess(
      formNumber,
      z
        .number({ error: CATALOGUE_MESSAGES.deltaInteger })
        .int({ error: CATALOGUE_MESSAGES.deltaInteger })
        .min(-1_000_000, { error: CATALOGUE_MESSAGES.deltaMax })
        .max(1_000_000, { error: CATALOGUE_MESSAGES.deltaMax })
        .optional(),
    ),
  })
  .superRefine(checkSalePrice)
export type ProductVariantBodyInput = z.input<typeof productVariantBodySchema>
export type ProductVariantBody = z.output<typeof productVariantBodySchema>

/**
 * With `variantes`, the product-level price, stock and sale are refused (each variant has its
 * own); without them, the price is required (and, at creation, the stock), as the spec's form.
 * Run even when other fields fail, so every error is listed at once.
 */
function checkProductBody(creating: boolean) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const refuse = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message })
    if (value.variantes !== undefined) {
      if (value.prix !== undefined) refuse('prix', CATALOGUE_MESSAGES.prixPerVariant)
      if (value.qte !== undefined) refuse('qte', CATALOGUE_MESSAGES.qtePerVariant)
      for (const field of ['prix_promo', 'promo_debut', 'promo_fin']) if (value[field] != null) refuse(field, CATALOGUE_MESSAGES.promoPerVariant)
      const variantes = Array.isArray(value.variantes) ? (value.variantes as Array<{ delta?: unknown }>) : []
      if (variantes.some((v) => v && v.delta != null && v.delta !== 0) && (typeof value.motif !== 'string' || value.motif.trim() === '')) refuse('motif', CATALOGUE_MESSAGES.motifRequired)
      return
    }
    if (value.prix === undefined) refuse('prix', CATALOGUE_MESSAGES.prixRequired)
    if (creating && value.qte === undefined) refuse('qte', CATALOGUE_MESSAGES.qteRequired)
    if (value.options !== undefined && Array.isArray(value.options) && value.options.length > 0) refuse('variantes', CATALOGUE_MESSAGES.variantesRequired)
    checkSalePrice(value as Parameters<typeof checkSalePrice>[0], ctx)
  }
}

/** The product-level price, optional here: required without `variantes` by `checkProductBody` (once). */
const optionalPrix = z.preprocess(
  formNumber,
  z
    .number({ error: CATALOGUE_MESSAGES.prixNumber })
    .positive({ error: CATALOGUE_MESSAGES.prixPositive })
    .int({ error: CATALOGUE_MESSAGES.prixInteger })
    .max(100_000_000, { error: CATALOGUE_MESSAGES.prixMax })
    .optional(),
)
/** Run on every body, even one whose fields failed, so every error is listed at once. */
const always = { when: () => true }

const variantBodyFields = {
  prix: optionalPrix,
  options: optionsSchema.optional(),
  variantes: z
    .array(productVariantBodySchema, { error: CATALOGUE_MESSAGES.variantesRequired })
    .min(1, { error: CATALOGUE_MESSAGES.variantesRequired })
    .max(VARIANTS_MAX, { error: CATALOGUE_MESSAGES.variantesTooMany })
    .optional(),
  /** The reason of the variants' `delta`s (a stock movement's `motif`). */
  motif: optionalField(z.string().trim().max(200, { error: CATALOGUE_MESSAGES.motifTooLong })),
}

/**
 * POST /api/produit: the spec's product form (`categorie_id` is the sub-category's id), or, with
 * `options` and `variantes`, a product and its variants (ADR 053 §6; then no product-level
 * `prix`, `qte` or sale).
 */
export const productFormSchema = z
  .object({ ...productFields, ...variantBodyFields, qte: z.preprocess((v) => (v === '' || v === null ? undefined : v), qteSchema.optional()) })
  .superRefine(checkProductBody(true) as (value: object, ctx: z.RefinementCtx) => void, always)
/** PUT /api/produit/{id}: the same without `qte` (stock changes only through movements, or a variant's `delta`). */
export const productUpdateSchema = z
  .object({ ...productFields, ...variantBodyFields })
  .superRefine(checkProductBody(false) as (value: object, ctx: z.RefinementCtx) => void, always)
/** The update's fields without the checks across them, for schemas that replace some (the CSV import's rows, which carry no sale). */
export const productUpdateFields = z.object(productFields)

/**
 * Every combination of the options' values, the first option's values outermost, each as a
 * map from option name to value (`[{}]` without options); null past 100 variants (refused).
 */
export function combinaisons(options: ReadonlyArray<{ nom: string; valeurs: readonly string[] }>): Array<Record<string, string>> | null {
  const count = options.reduce((n, o) => n * o.valeurs.length, 1)
  if (count > VARIANTS_MAX) return null
  let result: Array<Record<string, string>> = [{}]
  for (const option of options) result = result.flatMap((combo) => option.valeurs.map((valeur) => ({ ...combo, [option.nom]: valeur })))
  return result
}

/** POST /api/produit/{id}/variantes/prix: change the price of some variants by a percentage or an amount (signed). */
export const BULK_PRICE_MODES = ['pourcentage', 'montant'] as const
export const bulkPriceSchema = z.object({
  variantes: z
    .array(varianteIdSchema, { error: CATALOGUE_MESSAGES.bulkVariantesRequired })
    .min(1, { error: CATALOGUE_MESSAGES.bulkVariantesRequired })
    .max(VARIANTS_MAX, { error: CATALOGUE_MESSAGES.variantesTooMany }),
  mode: z.enum(BULK_PRICE_MODES, { error: CATALOGUE_MESSAGES.bulkModeInvalid }),
  valeur: z.preprocess(
    formNumber,
    z
      .number({ error: CATALOGUE_MESSAGES.bulkValeurInvalid })
      .int({ error: CATALOGUE_MESSAGES.bulkValeurInvalid })
      .min(-100_000_000, { error: CATALOGUE_MESSAGES.bulkPriceTooLow })
      .max(100_000_000, { error: CATALOGUE_MESSAGES.bulkPriceTooHigh })
      .refine((n) => n !== 0, { error: CATALOGUE_MESSAGES.bulkValeurInvalid }),
  ),
})
export type BulkPriceInput = z.input<typeof bulkPriceSchema>
export type BulkPrice = z.output<typeof bulkPriceSchema>

export type ProductFormInput = z.input<typeof productFormSchema>
export type ProductForm = z.output<typeof productFormSchema>
export type ProductUpdateInput = z.input<typeof productUpdateSchema>
export type ProductUpdate = z.output<typeof productUpdateSchema>

const positionSchema = z.preprocess(
  formNumber,
  z.number({ error: CATALOGUE_MESSAGES.positionInvalid }).int({ error: CATALOGUE_MESSAGES.positionInvalid }).min(0, { error: CATALOGUE_MESSAGES.positionInvalid }).max(10_000, { error: CATALOGUE_MESSAGES.positionInvalid }).optional(),
)

/** The spec's category form: a designation of 2 to 50 characters, an optional image. */
export const categoryFormSchema = z.object({
  designation: z
    .string({ error: CATALOGUE_MESSAGES.designationRequired })
    .trim()
    .min(1, { error: CATALOGUE_MESSAGES.designationRequired })
    .min(2, { error: CATALOGUE_MESSAGES.designationMin })
    .max(50, { error: CATALOGUE_MESSAGES.designationMax }),
  image: optionalMediaKey,
  position: positionSchema,
})
/** A sub-category: the category form plus the category it belongs to. */
export const subcategoryFormSchema = categoryFormSchema.extend({ categorie_id: categorieIdSchema })

export type CategoryFormInput = z.input<typeof categoryFormSchema>
export type CategoryForm = z.output<typeof categoryFormSchema>
export type SubcategoryFormInput = z.input<typeof subcategoryFormSchema>
export type SubcategoryForm = z.output<typeof subcategoryFormSchema>

/** A category as the back office reads it (GET /api/categorie): its image as a key and as the shop's renderings. */
export const categoryResponseSchema = z.object({
  id: z.number(),
  designation: z.string(),
  position: z.number(),
  image_key: z.string().nullable(),
  image: z.string().nullable(),
  imagesrcset: z.string().nullable(),
})
/** A sub-category (GET /api/souscategorie), with its category. */
export const subcategoryResponseSchema = categoryResponseSchema.extend({
  categorie: z.object({ id: z.number(), designation: z.string() }),
})
export type Category = z.infer<typeof categoryResponseSchema>
export type Subcategory = z.infer<typeof subcategoryResponseSchema>

/** POST /api/produit/{id}/mouvements: a delivery (+) or a loss (−), with its reason. */
export const stockMovementSchema = z.object({
  delta: z.preprocess(
    formNumber,
    z
      .number({ error: CATALOGUE_MESSAGES.deltaInteger })
      .int({ error: CATALOGUE_MESSAGES.deltaInteger })
      .min(-1_000_000, { error: CATALOGUE_MESSAGES.deltaMax })
      .max(1_000_000, { error: CATALOGUE_MESSAGES.deltaMax })
      .refine((n) => n !== 0, { error: CATALOGUE_MESSAGES.deltaNonZero }),
  ),
  motif: z.string({ error: CATALOGUE_MESSAGES.motifRequired }).trim().min(1, { error: CATALOGUE_MESSAGES.motifRequired }).max(200, { error: CATALOGUE_MESSAGES.motifTooLong }),
  /** The variant whose stock moves (ADR 053 §4): required for a product with several variants. */
  variante: optionalField(z.preprocess(formNumber, bodyIdSchema)),
})
export type StockMovementInput = z.input<typeof stockMovementSchema>
export type StockMovement = z.output<typeof stockMovementSchema>

/** Why a product's stock changed, each line of its history labelled (DESIGN §5: every change is a line). */
export const STOCK_REASONS = {
  vente: 'Vente',
  annulation: 'Annulation de commande',
  remboursement: 'Remboursement',
  manuel: 'Mouvement manuel',
  import: 'Import CSV',
  creation: 'Stock initial',
  preparation: 'Préparation de commande',
} as const
export type StockReason = keyof typeof STOCK_REASONS
export const stockReasonText = (raison: string) => (Object.hasOwn(STOCK_REASONS, raison) ? STOCK_REASONS[raison as StockReason] : raison)

/** GET /api/produit/{id}/mouvements: one line of a product's stock history, who (a staff member) or which order made it. */
export const stockHistoryLineSchema = z.object({
  id: z.number(),
  date: z.string(),
  date_fr: z.string(),
  delta: z.number(),
  quantite_apres: z.number(),
  raison: z.string(),
  raison_text: z.string(),
  motif: z.string().nullable(),
  staff: z.object({ id: z.number(), email: z.string().nullable(), nom: z.string().nullable() }).nullable(),
  commande: z.object({ numero: z.string() }).nullable(),
  /** The variant whose stock moved (ADR 053 §4); null for a line older than variants. */
  variante: z.object({ id: z.number(), designation: z.string(), code: z.string() }).nullable(),
})
export type StockHistoryLine = z.infer<typeof stockHistoryLineSchema>

/** The columns of the products CSV (export and import), in order. */
export const PRODUCT_CSV_COLUMNS = [
  'code', 'designation', 'prix', 'quantite', 'unite', 'souscategorie_id', 'description', 'seuil',
  // ADR 053 §7: one row per variant, grouped by its product's code.
  'produit_code', 'option1_nom', 'option1_valeur', 'option2_nom', 'option2_valeur', 'option3_nom', 'option3_valeur', 'code_barres',
] as const
/** The import's bounds. */
export const CSV_IMPORT_MAX_ROWS = 5000
export const CSV_IMPORT_MAX_BYTES = 1024 * 1024

/** One of a product's options as the back office reads it. */
export const productOptionSchema = z.object({ nom: z.string(), valeurs: z.array(z.string()) })

/**
 * One variant as the back office reads it (ADR 053 §4): live ones by position, then the
 * withdrawn (`actif: false`, kept for their orders). `designation`: the product's and its
 * values; `image`: its own, else the product's (`image_key` is its own key or null).
 */
export const productVariantResponseSchema = z.object({
  id: z.number(),
  options: z.record(z.string(), z.string()),
  designation: z.string(),
  position: z.number(),
  code: z.string(),
  code_barres: z.string().nullable(),
  prix: z.number(),
  prix_fr: z.string(),
  prix_promo: z.number().nullable(),
  promo_debut: z.string().nullable(),
  promo_fin: z.string().nullable(),
  promo_active: z.boolean(),
  promo_programmee: z.boolean(),
  quantite: z.number(),
  seuil: z.number(),
  stock_bas: z.boolean(),
  actif: z.boolean(),
  image_key: z.string().nullable(),
  image: z.string().nullable(),
  imagesrcset: z.string().nullable(),
})
export type ProductVariant = z.infer<typeof productVariantResponseSchema>

/**
 * A product as the back office reads it (GET /api/produit, /api/produit/{id}): its image as a key
 * and as the shop's renderings. `prix`, `quantite`, the sale and `code` are its variants' summary
 * (ADR 053 §2); `stock_bas`: a live variant at or below its threshold.
 */
export const productResponseSchema = z.object({
  id: z.number(),
  code: z.string(),
  designation: z.string(),
  description: z.string().nullable(),
  prix: z.number(),
  prix_fr: z.string(),
  quantite: z.number(),
  unite: z.string(),
  seuil: z.number(),
  stock_bas: z.boolean(),
  actif: z.boolean(),
  /** The sale price and its dates (ISO instants), null when none is set; `promo_active`: it runs now; `promo_programmee`: it starts later. */
  prix_promo: z.number().nullable(),
  promo_debut: z.string().nullable(),
  promo_fin: z.string().nullable(),
  promo_active: z.boolean(),
  /** A sale price set to start later (after `promo_debut`). */
  promo_programmee: z.boolean(),
  image_key: z.string().nullable(),
  image: z.string().nullable(),
  imagesrcset: z.string().nullable(),
  souscategorie: z.object({ id: z.number(), designation: z.string(), categorie: z.object({ id: z.number(), designation: z.string() }) }),
  created_at: z.string(),
  options: z.array(productOptionSchema),
  /** Its live variants. */
  nb_variantes: z.number(),
  variantes: z.array(productVariantResponseSchema),
})
export type Product = z.infer<typeof productResponseSchema>

/** DELETE /api/produit/{id}: archived (it has orders), or deleted for good. */
export const productRemovalSchema = z.object({ archive: z.boolean() })
export type ProductRemoval = z.infer<typeof productRemovalSchema>

/** POST /api/media: the uploaded image's key, to send with a form, and its renderings. */
export const uploadedMediaSchema = z.object({ key: z.string(), image: z.string().nullable(), imagesrcset: z.string().nullable() })
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>

/**
 * The encodings a CSV file is read in: UTF-8 (with or without its BOM), else Windows-1252, what
 * French Excel writes with « CSV (séparateur : point-virgule) ».
 */
export const CSV_ENCODINGS = ['UTF-8', 'Windows-1252'] as const
export type CsvEncoding = (typeof CSV_ENCODINGS)[number]

export const IMPORT_ACTIONS = ['creation', 'modification'] as const
/** One product of the import's preview and its variants: created or changed; `quantite` null when the file leaves the stock. */
export const importPreviewProductSchema = z.object({
  produit_code: z.string(),
  designation: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  variantes: z.array(z.object({ code: z.string(), options: z.record(z.string(), z.string()), prix: z.number(), quantite: z.number().nullable(), action: z.enum(IMPORT_ACTIONS) })),
})
export type ImportPreviewProduct = z.infer<typeof importPreviewProductSchema>

/**
 * POST /api/produit/import: what the file creates and changes, or its rows' errors (then nothing
 * is written); the encoding it was read in, and a French warning when it was not UTF-8.
 */
export const importResultSchema = z.object({
  dry_run: z.boolean(),
  crees: z.number(),
  modifies: z.number(),
  erreurs: z.array(z.object({ ligne: z.number(), champ: z.string(), message: z.string() })),
  encodage: z.enum(CSV_ENCODINGS),
  avertissement: z.string().nullable(),
  /** `crees`/`modifies` count rows (variants); these count products. */
  produits_crees: z.number(),
  produits_modifies: z.number(),
  /** What the file does, product by product (empty when it has errors). */
  apercu: z.array(importPreviewProductSchema),
})
export type ImportResult = z.infer<typeof importResultSchema>
