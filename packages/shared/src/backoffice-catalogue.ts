// The back-office catalogue's forms (issue 10): the spec's product and category forms (§5)
// with their exact messages, stock movements, and the image rules both the admin app and the
// server apply (the server checks an image by its bytes, never by its name).
import { z } from 'zod'
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
} as const

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

/** POST /api/produit: the spec's product form (`categorie_id` is the sub-category's id). */
export const productFormSchema = z.object({ ...productFields, qte: qteSchema }).superRefine(checkSalePrice)
/** PUT /api/produit/{id}: the same without `qte` (stock changes only through movements). */
export const productUpdateSchema = z.object(productFields).superRefine(checkSalePrice)
/** The update's fields without the checks across them, for schemas that replace some (the CSV import's rows, which carry no sale). */
export const productUpdateFields = z.object(productFields)

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
export const PRODUCT_CSV_COLUMNS = ['code', 'designation', 'prix', 'quantite', 'unite', 'souscategorie_id', 'description', 'seuil'] as const
/** The import's bounds. */
export const CSV_IMPORT_MAX_ROWS = 5000
export const CSV_IMPORT_MAX_BYTES = 1024 * 1024

/** A product as the back office reads it (GET /api/produit, /api/produit/{id}): its image as a key and as the shop's renderings. */
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
})
export type ImportResult = z.infer<typeof importResultSchema>
