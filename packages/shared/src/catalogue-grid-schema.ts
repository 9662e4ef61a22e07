// The grid's arguments as the server checks them (GraphQL and REST alike): each optional, a bad
// one refused with its French message under its field's name (catalogue-grid.ts holds the words).
import { z } from 'zod'
import { GRID_MESSAGES, GRID_PRICE_MAX, GRID_SORT_VALUES, type GridSort } from './catalogue-grid.ts'
import { fromDecimalDigits } from './schemas.ts'

const price = fromDecimalDigits(
  z.number({ error: GRID_MESSAGES.prixInvalid }).int({ error: GRID_MESSAGES.prixInvalid }).min(0, { error: GRID_MESSAGES.prixInvalid }).max(GRID_PRICE_MAX, { error: GRID_MESSAGES.prixInvalid }),
)
const flag = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: GRID_MESSAGES.booleanInvalid }),
)

/** A grid's sort and filters as arguments (GraphQL) or a query string (REST); each optional. */
export const gridArgsSchema = z
  .object({
    tri: z.enum(GRID_SORT_VALUES as [GridSort, ...GridSort[]], { error: GRID_MESSAGES.triInvalid }).nullish(),
    prix_min: price.nullish(),
    prix_max: price.nullish(),
    en_stock: flag.nullish(),
    promotion: flag.nullish(),
  })
  .refine((a) => a.prix_min == null || a.prix_max == null || a.prix_min <= a.prix_max, { error: GRID_MESSAGES.prixRange, path: ['prix_max'] })

export type GridArgs = z.infer<typeof gridArgsSchema>
