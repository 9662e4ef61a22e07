// An order's invoice and credit notes (ADR 061): their numbers (GET /api/commande/{numero}/documents,
// which numbers an order paid while the previous release served), asked again with the order.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderDocuments } from '@teranga/shared/invoices'
import { api } from '../../../lib/api.ts'

/** The order's state and what was refunded are in the key: a payment, a delivery or a refund brings a document. */
export const orderDocumentsQueryOptions = (numero: string, etat: string, refunded: number) =>
  queryOptions({
    queryKey: ['orders', 'documents', numero, etat, refunded] as const,
    queryFn: () => api<OrderDocuments>('GET', `/commande/${encodeURIComponent(numero)}/documents`),
  })

export const useOrderDocuments = (numero: string, etat: string, refunded: number) => useQuery(orderDocumentsQueryOptions(numero, etat, refunded))
