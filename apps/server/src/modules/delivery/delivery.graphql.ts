// modelivraisons, depots and zoneslivraison (the fee table, with fees formatted in FCFA).
import { toZone } from '@teranga/shared/delivery-zones'
import type { GraphqlModule } from '../../plugins/graphql.ts'
import type { DeliveryRepository } from './delivery.repository.ts'

const schema = /* GraphQL */ `
  type Depot {
    id: Int!
    designation: String!
    description: String
    adresse: String
    latitude: Float!
    longitude: Float!
  }
  type ZoneLivraison {
    id: Int!
    designation: String!
    frais: Int!
    fraisformat: String!
  }
  extend type Query {
    modelivraisons: [Modelivraison!]!
    depots: [Depot!]!
    zoneslivraison: [ZoneLivraison!]!
  }
`

export { toZone }

export function deliveryGraphql(repo: DeliveryRepository): GraphqlModule {
  return {
    schema,
    publicQueries: ['modelivraisons', 'depots', 'zoneslivraison'],
    resolvers: {
      Query: {
        modelivraisons: () => repo.modes(),
        depots: () => repo.depots(),
        zoneslivraison: async () => (await repo.zones()).map(toZone),
      },
    },
  }
}
