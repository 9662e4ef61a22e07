// What the customer reads of their order's documents (ADR 061): on GraphQL's Commande, the
// invoice's number (null: none yet) and the credit notes' numbers, for « Mes achats »' links.
import type { OrderDocuments } from '@teranga/shared/invoices'
import type { GraphqlModule } from '../../plugins/graphql.ts'
import type { InvoicesService } from './invoices.service.ts'

const schema = /* GraphQL */ `
  type Avoir {
    numero: String!
    montant: Int!
    montantformat: String!
  }
  extend type Commande {
    "The invoice's number (« F-2026-000123 »); null until the order is paid online or delivered."
    facture: String
    "One credit note per refund done (« A-2026-000045 »)."
    avoirs: [Avoir!]!
  }
`

export function invoicesGraphql(invoices: Pick<InvoicesService, 'documentsOf'>): GraphqlModule {
  // One read per order shown, shared by its two fields.
  const seen = new WeakMap<object, Promise<OrderDocuments>>()
  const of = (order: { id: number }) => {
    let found = seen.get(order)
    if (!found) {
      found = invoices.documentsOf(order.id)
      seen.set(order, found)
    }
    return found
  }
  return {
    schema,
    listSizes: { 'Commande.avoirs': 20 },
    resolvers: {
      Commande: {
        facture: async (order: { id: number }) => (await of(order)).facture,
        avoirs: async (order: { id: number }) => (await of(order)).avoirs.map((a) => ({ numero: a.numero, montant: a.montant, montantformat: a.montant_fr })),
      },
    },
  }
}
