// modepaiements: the active payment modes with their images.
import type { GraphqlModule } from '../../plugins/graphql.ts'
import { imageFields } from '../catalogue/product-projection.ts'
import type { PaymentsRepository } from './payments.repository.ts'

export const toModepaiement = (m: { id: number; designation: string; code: string; image: string | null; desc: string | null }) => ({
  id: m.id,
  designation: m.designation,
  code: m.code,
  desc: m.desc,
  ...imageFields(m.image),
})

export function paymentsGraphql(repo: PaymentsRepository): GraphqlModule {
  return {
    schema: /* GraphQL */ `
      extend type Query {
        modepaiements: [Modepaiement!]!
      }
    `,
    resolvers: {
      Query: {
        modepaiements: async () => (await repo.modes()).map(toModepaiement),
      },
    },
  }
}
