// commandespaginated: the token's client's orders; an admin may name a client or see all.
import { unauthenticated } from '../../lib/errors.ts'
import { subjectFor } from '../../lib/subject.ts'
import { pageType, type GraphqlModule } from '../../plugins/graphql.ts'
import { MAX_CART_LINES } from '@teranga/shared/constants'
import { toSuivi, type Commande } from './orders.format.ts'
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
    "The variant sold (ADR 053 §4); null only for a line older than variants."
    variante: LigneVariante
  }
  "The variant an order line sold: its values by option name, its name (the product's and its values) and SKU."
  type LigneVariante {
    id: Int!
    options: OptionsVariante!
    designation: String!
    code: String!
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
    "The delivery slot chosen (issue 25 §1), as promised when the order was placed."
    creneau: CreneauCommande
  }
  "An order's delivery slot: date YYYY-MM-DD and times HH:MM in Dakar, and « Lundi 30 novembre, 09:00–12:00 »."
  type CreneauCommande {
    date: String!
    debut: String!
    fin: String!
    libelle: String!
  }
  ${pageType('Commande')}
  type SuiviLigne {
    designation: String!
    quantite: Int!
    "Unit price in FCFA when the order was placed."
    prix: Int!
  }
  "An order as its tracking link shows it (ADR 034): its state, lines and amounts, nothing else of the customer's."
  type Suivi {
    numerocommande: String!
    etat: String!
    etat_text: String!
    etat_badge: String!
    created_at_fr: String!
    modelivraison: String!
    montantcommande: Int!
    montantliv: Int!
    remise: Int!
    montanttotal: Int!
    lignes: [SuiviLigne!]!
    creneau: CreneauCommande
    "Paid online, a dearer substitute's supplement accepted (ADR 058): FCFA still paid at delivery; null otherwise."
    supplement_a_payer: Int
    "A pickup at a depot: what is left is paid at the counter (« à payer au retrait »)."
    retrait: Boolean
  }
  extend type Query {
    commandespaginated(page: Int, count: Int, client_id: Int): CommandePage!
    "The order a tracking link names, for whoever holds its key k; null for a wrong key or an unknown order alike."
    suivi(numero: String!, k: String!): Suivi
  }
`

/** What the tracking query needs of the orders module: the link's key check and the order. */
export interface TrackingReads {
  trackingKeyMatches(numero: string, key: string | undefined): boolean
  track(numero: string): Promise<Commande | undefined>
}

export function ordersGraphql(service: OrdersService, tracking: TrackingReads): GraphqlModule {
  return {
    schema,
    // The tracking page's lines: an order holds at most a cart's lines.
    listSizes: { 'Suivi.lignes': MAX_CART_LINES },
    resolvers: {
      Query: {
        commandespaginated: (_, args, ctx) => {
          if (!ctx.user) throw unauthenticated()
          const subject = ctx.user.isadmin && args.client_id == null ? null : subjectFor(ctx.user, args.client_id)
          return service.page(subject, ctx.user.id, args)
        },
        // The storefront's server renders the tracking page with it (a visitor's read, never cached).
        suivi: async (_: unknown, args: { numero: string; k: string }) => {
          if (args.numero.length > 40 || args.k.length > 100 || !tracking.trackingKeyMatches(args.numero, args.k)) return null
          const found = await tracking.track(args.numero)
          // The order's id stays on the parent, unexposed, for the refunds' fields (refunds.graphql.ts).
          return found ? { ...toSuivi(found), id: found.id } : null
        },
      },
    },
  }
}
