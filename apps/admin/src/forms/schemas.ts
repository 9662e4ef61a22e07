// The forms' schemas. The catalogue's (product, stock movement, category, image rules) are
// the server's own, from packages/shared; the others mirror docs/back-office-api.md's field
// names and the spec's exact messages. One named export per form.
import { z } from 'zod'
import { depotHoursSchema } from '@teranga/shared/backoffice-settings'
import { CATALOGUE_MESSAGES, detectImageType, IMAGE_MAX_BYTES, productFormSchema, productUpdateSchema } from '@teranga/shared/backoffice-catalogue'

export {
  categoryFormSchema as categorySchema,
  stockMovementSchema,
} from '@teranga/shared/backoffice-catalogue'

export const MAX_IMAGE_BYTES = IMAGE_MAX_BYTES

export const IMAGE_MESSAGES = {
  tooLarge: CATALOGUE_MESSAGES.imageTooLarge,
  badType: CATALOGUE_MESSAGES.imageType,
} as const

/** A number field of a form: '' (nothing typed) stays undefined so that "required" can speak. */
const numberInput = (messages: { required: string; number: string }) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : typeof value === 'string' ? Number(value.replace(',', '.')) : value),
    z.number({ error: (issue) => (issue.input === undefined ? messages.required : messages.number) }),
  )

/** POST /api/produit (spec §5 product form), as the server checks it. */
export const productCreateSchema = productFormSchema
export type ProductCreateInput = z.infer<typeof productCreateSchema>

/** PUT /api/produit/{id}: the same fields without qte (stock moves only through movements). */
export { productUpdateSchema }
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>

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
  horaires: depotHoursSchema.nullable().optional(),
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


/** The spec's image message for a chosen file, or null when it may be uploaded. */
export async function checkImage(file: Blob): Promise<string | null> {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge
  const head = new Uint8Array(await readHead(file, 8))
  return detectImageType(head) ? null : IMAGE_MESSAGES.badType
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
