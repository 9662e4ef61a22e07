// commandespaginated: the token's client's orders; an admin may name a client or see all.
import { unauthenticated } from '../../lib/errors.ts'
import { subjectFor } from '../../lib/subject.ts'
import { pageType, type GraphqlModule } from '../../plugins/graphql.ts'
import type { OrdersService } from './orders.service.ts'

const schema = /* GraphQL */ `
  type Role {
    id: Int!
    name: String!
    isadmin: Boolean!
    isclient: Boolean!
  }
  type Client {
    id: Int!
    name: String!
    prenom: String!
    ville: String
    email: String!
    adresseliv: String
    login: String
    telephone: String
    image: String
    role: Role
  }
  type DepotRef {
    id: Int!
    designation: String!
    "Where and when the shopper collects a pickup order."
    adresse: String
    horaires: DepotHoraires
    horairestexte: String
  }
  type Detailcommande {
    id: Int!
    quantite: Int!
    "Unit price in FCFA when the order was placed."
    prix: Int!
    produit: Produit!
  }
  "The discount code an order used and its discount (also counted in remise)."
  type CommandeCodepromo {
    code: String!
    remise: Int!
    remiseformat: String!
  }
  type Commande {
    id: Int!
    numerocommande: String!
    etat: String!
    etat_text: String!
    etat_badge: String!
    datecomm: String!
    created_at_fr: String!
    dateliv: String
    montantcommande: Int!
    montantliv: Int!
    remise: Int!
    montanttotal: Int!
    montanttotalformat: String!
    code: String
    tel: String
    adresseliv: String
    image: String
    client: Client!
    modepaiement: Modepaiement!
    modelivraison: Modelivraison!
    depot: DepotRef
    detailcommandes: [Detailcommande!]!
    codepromo: CommandeCodepromo
  }
  ${pageType('Commande')}
  extend type Query {
    commandespaginated(page: Int, count: Int, client_id: Int): CommandePage!
  }
`

export function ordersGraphql(service: OrdersService): GraphqlModule {
  return {
    schema,
    resolvers: {
      Query: {
        commandespaginated: (_, args, ctx) => {
          if (!ctx.user) throw unauthenticated()
          const subject = ctx.user.isadmin && args.client_id == null ? null : subjectFor(ctx.user, args.client_id)
          return service.page(subject, ctx.user.id, args)
        },
      },
    },
  }
}
