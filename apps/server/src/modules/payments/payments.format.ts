// How payments appear in API answers: a payment mode wherever it is shown (the list at
// checkout, an order), the start of an online payment and a provider notification's outcome.
import { z } from 'zod'
import { mediaFields } from '@teranga/shared/media'
import { mediaSchema } from '../../lib/rest.ts'

export const modepaiementSchema = z.object({
  id: z.number(),
  designation: z.string(),
  code: z.string(),
  desc: z.string().nullable(),
  ...mediaSchema,
})

export const toModepaiement = (m: { id: number; designation: string; code: string; image: string | null; desc: string | null }): z.infer<typeof modepaiementSchema> => ({
  id: m.id,
  designation: m.designation,
  code: m.code,
  desc: m.desc,
  ...mediaFields(m.image),
})
