// The tracking page's courier (issue 25 §3): « En route avec Moussa » while the order is out for
// delivery. Only the courier's first name, only in that state: never their number, never after.
import type { GraphqlModule } from '../../plugins/graphql.ts'
import type { CourierService } from './courier.service.ts'

const schema = /* GraphQL */ `
  "The courier carrying an order, as its tracking page names them: their first name only."
  type SuiviLivreur {
    prenom: String!
  }
  extend type Suivi {
    "The courier while the order is out for delivery (en_livraison); null otherwise."
    livreur: SuiviLivreur
  }
`

export function courierGraphql(couriers: Pick<CourierService, 'firstNameOnTheWay'>): GraphqlModule {
  return {
    schema,
    resolvers: {
      Suivi: {
        livreur: async (order: { id: number; etat: string }) => {
          if (order.etat !== 'en_livraison') return null
          const prenom = await couriers.firstNameOnTheWay(order.id)
          return prenom ? { prenom } : null
        },
      },
    },
  }
}
