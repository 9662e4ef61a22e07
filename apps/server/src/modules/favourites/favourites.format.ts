// How favourites appear in API answers: a favourite with its product (GraphQL's list) and
// the acknowledgement of an added one (REST).
import { z } from 'zod'
import type { Favori } from '@teranga/shared/storefront-answers'
import { toProduit } from '../catalogue/catalogue.format.ts'
import type { ProductRow } from '../catalogue/product-projection.ts'

export { favoriSchema } from '@teranga/shared/storefront-answers'

export const favoriAddedSchema = z.object({
  message: z.string(),
  favori: z.object({ id: z.number(), client: z.number(), produit: z.number() }),
})

export const toFavori = (row: ProductRow & { favId: number }): Favori => ({ id: row.favId, produit: toProduit(row) })
