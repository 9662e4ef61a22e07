// A payment mode as the API shows it wherever it appears: the list at checkout (the payments
// module) and on an order (the orders module, which does not know the payments module, ADR 049).
import { z } from 'zod'
import { mediaFields } from '@teranga/shared/media'
import { mediaSchema } from './rest.ts'

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
