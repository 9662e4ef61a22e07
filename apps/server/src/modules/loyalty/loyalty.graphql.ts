// privileges: the loyalty tiers from the lowest threshold up, each with its rewards.
import type { GraphqlModule } from '../../plugins/graphql.ts'
import type { LoyaltyService } from './loyalty.service.ts'

const schema = /* GraphQL */ `
  type Typerecompense {
    id: Int!
    code: String!
    designation: String!
  }
  type Privilegerecompense {
    id: Int!
    "Percentage for a discount; 0 for free delivery."
    valeur: Int!
    typerecompense: Typerecompense!
  }
  type Privilege {
    id: Int!
    designation: String!
    couleur: String
    point: Int!
    image: String
    imagesrcset: String
    privilegerecompenses: [Privilegerecompense!]!
  }
  extend type Query {
    privileges: [Privilege!]!
  }
`

export function loyaltyGraphql(service: LoyaltyService): GraphqlModule {
  return { schema, publicQueries: ['privileges'], resolvers: { Query: { privileges: () => service.privileges() } } }
}
