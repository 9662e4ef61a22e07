// paniers(user_id): the token's client's cart, with current database prices.
import { subjectFor } from '../../lib/subject.ts'
import type { GraphqlModule } from '../../plugins/graphql.ts'
import type { CartService } from './cart.service.ts'

const schema = /* GraphQL */ `
  type PanierProduit {
    id: Int!
    produit_id: Int!
    "The line's variant (ADR 053 §4): two variants of one product are two lines."
    variante_id: Int!
    quantite: Int!
    "Current unit price of the variant in FCFA, from the catalogue."
    prix: Int!
    produit: Produit!
    variante: Variante!
  }
  type Panier {
    id: Int!
    etat: String!
    panierproduits: [PanierProduit!]!
    "Number of items (sum of quantities)."
    nombre: Int!
    total: Int!
    totalformat: String!
  }
  extend type Query {
    paniers(user_id: Int): [Panier!]!
  }
`

export function cartGraphql(service: CartService): GraphqlModule {
  return {
    schema,
    resolvers: {
      Query: {
        paniers: (_, args, ctx) => service.carts(subjectFor(ctx.user, args.user_id)),
      },
    },
  }
}
