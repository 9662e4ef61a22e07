// modelivraisons, depots and zoneslivraison (the fee table, with fees formatted in FCFA).
import type { GraphqlModule } from '../../plugins/graphql.ts'
import { toDepot, toZone } from './delivery.format.ts'
import type { DeliveryRepository } from './delivery.repository.ts'

const schema = /* GraphQL */ `
  type Modelivraison {
    id: Int!
    code: String!
    designation: String!
  }
  type Depot {
    id: Int!
    designation: String!
    description: String
    adresse: String
    latitude: Float!
    longitude: Float!
    "Opening hours per weekday; null until the shop gives them."
    horaires: DepotHoraires
    "The opening hours in French: « Lun–Ven 8 h–19 h, Sam 9 h–13 h, fermé le dimanche »."
    horairestexte: String
  }
  "A day's opening, times as HH:MM."
  type PlageHoraire {
    ouverture: String!
    fermeture: String!
  }
  "A depot's week, Monday first; a day is null when the depot is closed."
  type DepotHoraires {
    lun: PlageHoraire
    mar: PlageHoraire
    mer: PlageHoraire
    jeu: PlageHoraire
    ven: PlageHoraire
    sam: PlageHoraire
    dim: PlageHoraire
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

export function deliveryGraphql(repo: DeliveryRepository): GraphqlModule {
  return {
    schema,
    publicQueries: ['modelivraisons', 'depots', 'zoneslivraison'],
    // Unpaginated: priced by their size (5 depots and a few dozen zones seeded; ADR 014).
    listSizes: { 'Query.modelivraisons': 5, 'Query.depots': 20, 'Query.zoneslivraison': 60 },
    resolvers: {
      Query: {
        modelivraisons: () => repo.modes(),
        depots: async () => (await repo.depots()).map(toDepot),
        zoneslivraison: async () => (await repo.zones()).map(toZone),
      },
    },
  }
}
