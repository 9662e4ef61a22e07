// A payment mode as the API shows it wherever it appears: the list at checkout (the payments
// module) and on an order (the orders module, which does not know the payments module, ADR 049).
import { mediaFields } from '@teranga/shared/media'
import type { Modepaiement } from '@teranga/shared/storefront-answers'

export { modepaiementSchema } from '@teranga/shared/storefront-answers'

export const toModepaiement = (m: { id: number; designation: string; code: string; image: string | null; desc: string | null }): Modepaiement => ({
  id: m.id,
  designation: m.designation,
  code: m.code,
  desc: m.desc,
  ...mediaFields(m.image),
})
