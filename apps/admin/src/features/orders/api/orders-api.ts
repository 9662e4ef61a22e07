// The orders (docs/back-office-api.md « Orders »): the list (GET /api/commande), one order
// (GET /api/admin/commande/{numero}), a move (POST /api/commande/{numero}/etat) and a refund
// (POST /api/commande/{numero}/remboursement): fetchers, query options and hooks. A write
// answers the order's detail, which replaces the cached one, and refreshes the lists.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { OrderDetail, OrderSummary, RefundBody } from '@teranga/shared/backoffice-orders'
import type { PreparationBody } from '@teranga/shared/preparation'
import { api, type Page } from '../../../lib/api.ts'

/** Every order query starts with `commandes`: the lists, one order, the slips of some. */
export const orderKeys = {
  all: ['commandes'] as const,
  lists: () => [...orderKeys.all, 'liste'] as const,
  /** `query`: the API's query string (filters.ts `ordersQuery`). */
  list: (query: string) => [...orderKeys.lists(), query] as const,
  detail: (numero: string) => [...orderKeys.all, 'detail', numero] as const,
  slips: (numeros: readonly string[]) => [...orderKeys.all, 'bons', numeros.join(',')] as const,
}

const orderPath = (numero: string) => `/commande/${encodeURIComponent(numero)}`

export const getOrders = (query: string) => api<Page<OrderSummary>>('GET', `/commande?${query}`)
export const getOrder = (numero: string) => api<OrderDetail>('GET', `/admin${orderPath(numero)}`)

export const ordersQueryOptions = (query: string) => queryOptions({ queryKey: orderKeys.list(query), queryFn: () => getOrders(query), placeholderData: keepPreviousData })
export const orderQueryOptions = (numero: string) => queryOptions({ queryKey: orderKeys.detail(numero), queryFn: () => getOrder(numero) })

export const useOrders = (query: string) => useQuery(ordersQueryOptions(query))
export const useOrder = (numero: string) => useQuery(orderQueryOptions(numero))

/** After a write: the order as the server answered it, and every list refreshed. */
export function orderWritten(client: QueryClient, order: OrderDetail) {
  client.setQueryData(orderKeys.detail(order.numero), order)
  return client.invalidateQueries({ queryKey: orderKeys.lists() })
}

/** Refreshes every list (an order placed or moved elsewhere, the live stream says). */
export const refreshOrderLists = (client: QueryClient) => client.invalidateQueries({ queryKey: orderKeys.lists() })

function useOrderWrite<T>(write: (input: T) => Promise<OrderDetail>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: (order) => orderWritten(client, order) })
}

/** Moves an order along the shared machine; `motif` is required to cancel. */
export const useMoveOrder = (numero: string) =>
  useOrderWrite((body: { etat: string; motif?: string }) => api<OrderDetail>('POST', `${orderPath(numero)}/etat`, body))

/** Refunds an order in full or in part (ADR 025). */
export const useRefundOrder = (numero: string) => useOrderWrite((body: RefundBody) => api<OrderDetail>('POST', `${orderPath(numero)}/remboursement`, body))

/** Records what was prepared of an order « En préparation » (ADR 055): short lines, substitutes. */
export const usePrepareOrder = (numero: string) => useOrderWrite((body: PreparationBody) => api<OrderDetail>('POST', `${orderPath(numero)}/preparation`, body))
