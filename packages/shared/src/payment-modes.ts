// How a payment mode is shown wherever it appears (the list at checkout, an order): one shape
// for the payments module's list and the orders module's answers.
import { mediaFields } from './media.ts'

export const toModepaiement = (m: { id: number; designation: string; code: string; image: string | null; desc: string | null }) => ({
  id: m.id,
  designation: m.designation,
  code: m.code,
  desc: m.desc,
  ...mediaFields(m.image),
})
