// The forms' schemas, mirroring docs/back-office-api.md's field names and the spec's exact
// messages (spec §5). One named export per form, so that the server's shared schemas
// (packages/shared) can replace them one by one.
import { z } from 'zod'

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024

export const IMAGE_MESSAGES = {
  tooLarge: "L'image est trop grande (max 2MB)",
  badType: 'Le type de fichier est invalide',
} as const

/** A number field of a form: '' (nothing typed) stays undefined so that "required" can speak. */
const numberInput = (messages: { required: string; number: string }) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : typeof value === 'string' ? Number(value.replace(',', '.')) : value),
    z.number({ error: (issue) => (issue.input === undefined ? messages.required : messages.number) }),
  )

/** POST /api/produit (spec §5 product form). */
export const productCreateSchema = z.object({
  designation: z.string().trim().min(1, { error: 'La désignation est requise' }).max(255, { error: 'La désignation ne doit pas dépasser 255 caractères' }),
  prix: numberInput({ required: 'Le prix est requis', number: 'Le prix doit être un nombre' }).pipe(z.number().positive({ error: 'Le prix doit être positif' })),
  qte: numberInput({ required: 'La quantité est requise', number: 'La quantité doit être un entier' }).pipe(
    z.number().int({ error: 'La quantité doit être un entier' }).min(1, { error: 'La quantité doit être au moins 1' }),
  ),
  unite: z.string().trim().min(1, { error: "L'unité est requise" }).max(30, { error: "L'unité ne doit pas dépasser 30 caractères" }),
  categorie_id: numberInput({ required: 'La categorie est requise', number: 'La categorie est requise' }),
  description: z.string().trim().max(5000, { error: 'La description ne doit pas dépasser 5000 caractères' }).optional(),
  code: z.string().trim().max(50, { error: 'Le code ne doit pas dépasser 50 caractères' }).optional(),
  seuil: z.preprocess((value) => (value === '' ? undefined : Number(value)), z.number().int({ error: 'Le seuil doit être un entier' }).min(0, { error: 'Le seuil doit être positif' }).optional()),
  image: z.string().max(200).optional().nullable(),
})
export type ProductCreateInput = z.infer<typeof productCreateSchema>

/** PUT /api/produit/{id}: the same fields without qte (stock moves only through movements). */
export const productUpdateSchema = productCreateSchema.omit({ qte: true })
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>

/** POST /api/produit/{id}/mouvements. */
export const stockMovementSchema = z.object({
  delta: numberInput({ required: 'La quantité est requise', number: 'La quantité doit être un entier' }).pipe(
    z.number().int({ error: 'La quantité doit être un entier' }).refine((n) => n !== 0, { error: 'La quantité ne doit pas être nulle' }),
  ),
  motif: z.string().trim().min(1, { error: 'Le motif est requis' }).max(500, { error: 'Le motif ne doit pas dépasser 500 caractères' }),
})

/** Category and sub-category form (spec §5). */
export const categorySchema = z.object({
  designation: z
    .string()
    .trim()
    .min(1, { error: 'La désignation est requise' })
    .min(2, { error: 'La désignation doit contenir au moins 2 caractères' })
    .max(50, { error: 'La désignation ne doit pas dépasser 50 caractères' }),
  image: z.string().max(200).optional().nullable(),
  position: z.number().int().min(0).optional(),
})
export const subCategorySchema = categorySchema.extend({
  categorie_id: numberInput({ required: 'La categorie est requise', number: 'La categorie est requise' }),
})

/** POST /api/commande/{numero}/etat, and the refund: a reason of 1–500 characters. */
export const reasonSchema = z.object({
  motif: z.string().trim().min(1, { error: 'Le motif est requis' }).max(500, { error: 'Le motif ne doit pas dépasser 500 caractères' }),
})

/** A delivery zone (settings). */
export const zoneSchema = z.object({
  designation: z.string().trim().min(2, { error: 'La désignation doit contenir au moins 2 caractères' }).max(50, { error: 'La désignation ne doit pas dépasser 50 caractères' }),
  frais: numberInput({ required: 'Les frais sont requis', number: 'Les frais doivent être un nombre' }).pipe(
    z.number().int({ error: 'Les frais doivent être un entier' }).min(0, { error: 'Les frais doivent être positifs' }),
  ),
  position: z.number().int().min(0).optional(),
})

/** A pickup depot (settings), its position picked on the map. */
export const depotSchema = z.object({
  designation: z.string().trim().min(2, { error: 'La désignation doit contenir au moins 2 caractères' }).max(50, { error: 'La désignation ne doit pas dépasser 50 caractères' }),
  description: z.string().trim().max(500).optional(),
  adresse: z.string().trim().min(1, { error: "L'adresse est requise" }).max(255),
  latitude: z.number({ error: 'Choisissez la position sur la carte' }).min(-90).max(90),
  longitude: z.number({ error: 'Choisissez la position sur la carte' }).min(-180).max(180),
})

/** The shop's preferences (settings). */
export const preferenceSchema = z.object({
  logo: z.string().max(200).optional().nullable(),
  telephone: z.string().trim().max(30, { error: 'Le téléphone ne doit pas dépasser 30 caractères' }),
  telephone2: z.string().trim().max(30, { error: 'Le téléphone ne doit pas dépasser 30 caractères' }).optional(),
  email: z.union([z.literal(''), z.email({ error: "L'adresse e-mail est invalide" })]),
  lieu: z.string().trim().max(255).optional(),
  siteweb: z.string().trim().max(255).optional(),
  promotion: z.string().trim().max(255).optional(),
  promotion2: z.string().trim().max(255).optional(),
})

/** POST /api/client/{id}/points. */
export const pointsAdjustmentSchema = z.object({
  points: numberInput({ required: 'Le nombre de points est requis', number: 'Le nombre de points doit être un entier' }).pipe(
    z.number().int({ error: 'Le nombre de points doit être un entier' }).refine((n) => n !== 0, { error: 'Le nombre de points ne doit pas être nul' }),
  ),
  motif: reasonSchema.shape.motif,
})

/** Sign-in form: email and password, no rules beyond the input types (spec §5). */
export const signInSchema = z.object({
  email: z.string().trim().min(1, { error: "L'adresse e-mail est requise" }),
  password: z.string().min(1, { error: 'Le mot de passe est requis' }),
})

/** The image's type by its first bytes (JPEG, PNG, GIF), not by its name or declared type. */
export function imageTypeOf(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38) return 'image/gif'
  return null
}

/** The spec's image message for a chosen file, or null when it may be uploaded. */
export async function checkImage(file: Blob): Promise<string | null> {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge
  const head = new Uint8Array(await readHead(file, 8))
  return imageTypeOf(head) ? null : IMAGE_MESSAGES.badType
}

function readHead(file: Blob, count: number): Promise<ArrayBuffer> {
  const slice = file.slice(0, count)
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(slice)
  })
}
