// What the customer reads of their order's refunds (ADR 025): on GraphQL's Commande, the amount
// given back and each refund done with its lines; pending or failed attempts are staff matters.
import { formatPrix } from '@teranga/shared/money'
import type { GraphqlModule } from '../../plugins/graphql.ts'
import type { OrderRefunds, RefundsService } from './refunds.service.ts'

const schema = /* GraphQL */ `
  type RemboursementLigne {
    designation: String!
    quantite: Int!
    total: Int!
    totalformat: String!
  }
  type Remboursement {
    id: Int!
    montant: Int!
    montantformat: String!
    date_fr: String!
    lignes: [RemboursementLigne!]!
  }
  extend type Commande {
    "FCFA given back so far."
    rembourse: Int!
    rembourseformat: String!
    remboursements: [Remboursement!]!
  }
  # The tracking page shows the refunds too (issue 23): the amount given back and each refund done.
  extend type Suivi {
    rembourse: Int!
    rembourseformat: String!
    remboursements: [Remboursement!]!
  }
`

export function refundsGraphql(refunds: Pick<RefundsService, 'ofOrders'>): GraphqlModule {
  // One read per order shown, shared by its three fields.
  const seen = new WeakMap<object, Promise<OrderRefunds>>()
  const of = (order: { id: number }) => {
    let found = seen.get(order)
    if (!found) {
      found = refunds.ofOrders([order.id]).then((map) => map.get(order.id)!)
      seen.set(order, found)
    }
    return found
  }
  const fields = {
    rembourse: async (order: { id: number }) => (await of(order)).rembourse,
    rembourseformat: async (order: { id: number }) => formatPrix((await of(order)).rembourse),
    remboursements: async (order: { id: number }) =>
      (await of(order)).remboursements
        .filter((r) => r.statut === 'effectue')
        .map((r) => ({
          id: r.id,
          montant: r.montant,
          montantformat: r.montant_fr,
          date_fr: r.date_fr,
          lignes: r.lignes.map((l) => ({ designation: l.produit.designation, quantite: l.quantite, total: l.total, totalformat: l.total_fr })),
        })),
  }
  return {
    schema,
    listSizes: { 'Commande.remboursements': 20, 'Suivi.remboursements': 20 },
    resolvers: { Commande: fields, Suivi: fields },
  }
}