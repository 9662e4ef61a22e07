// The invoices module (issue 26 §3, ADR 061): owns the invoices, the credit notes, their yearly
// counters and the « Facturation » settings. Registers a participant with the order lifecycle
// (numbers in the transaction that makes an order paid or delivered, or confirms a refund),
// serves the PDFs and the settings, and adds the documents to the customer's orders on GraphQL.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { invoicesGraphql } from './invoices.graphql.ts'
import invoicesRoutes from './invoices.routes.ts'
import { createInvoicesService, type InvoicesService } from './invoices.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices and credit notes, for the back office's order page. */
    invoices: InvoicesService
  }
}

async function invoices(app: FastifyInstance) {
  const service = createInvoicesService({ db: app.db, audit: app.audit })
  app.orderParticipants.add(service.participant)
  app.decorate('invoices', service)
  app.addGraphqlModule(invoicesGraphql(service))
  await registerRest(app, invoicesRoutes, { service })
}

export default fp(invoices, { name: 'invoices', dependencies: ['database', 'graphql-modules', 'audit', 'orders', 'payments'] })
