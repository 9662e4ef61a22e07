// modepaiements: the active payment modes with their images.
import type { GraphqlModule } from '../../plugins/graphql.ts'
import { toModepaiement } from '../../lib/payment-modes.ts'
import type { PaymentsRepository } from './payments.repository.ts'

export function paymentsGraphql(repo: PaymentsRepository): GraphqlModule {
  return {
    schema: /* GraphQL */ `
      type Modepaiement {
        id: Int!
        designation: String!
        code: String!
        image: String
        imagesrcset: String
        desc: String
      }
      extend type Query {
        modepaiements: [Modepaiement!]!
      }
    `,
    publicQueries: ['modepaiements'],
    resolvers: {
      Query: {
        modepaiements: async () => (await repo.modes()).map(toModepaiement),
      },
    },
  }
}
