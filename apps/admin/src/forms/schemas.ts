// The forms' schemas. The category's is the server's own, from packages/shared (as are the
// product, stock movement, points and image rules, which the pages import from there); the
// others mirror docs/back-office-api.md's field names and the spec's exact messages.
import { z } from 'zod'
import { depotHoursSchema } from '@teranga/shared/backoffice-settings'

export { categoryFormSchema as categorySchema } from '@teranga/shared/backoffice-catalogue'

/** A number field of a form: '' (nothing typed) stays undefined so that "required" can speak. */
const numberInput = (messages: { required: string; number: string }) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : typeof value === 'string' ? Number(value.replace(',', '.')) : value),
    z.number({ error: (issue) => (issue.input === undefined ? messages.required : messages.number) }),
  )

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
