// A product's stock history and its manual movements (GET|POST /api/produit/{id}/mouvements):
// fetcher, query options and hooks; a movement refreshes the history and the product.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { StockHistoryLine, StockMovement } from '@teranga/shared/backoffice-catalogue'
import { api, type Page } from '../../../lib/api.ts'
import { productKeys } from './products-api.ts'

// Under the product's key: refreshing the product refreshes its history too.
const stockKey = (productId: number) => [...productKeys.detail(productId), 'mouvements'] as const

export const getStockHistory = (productId: number) => api<Page<StockHistoryLine>>('GET', `/produit/${productId}/mouvements?count=20`)
export const stockHistoryQueryOptions = (productId: number) => queryOptions({ queryKey: stockKey(productId), queryFn: () => getStockHistory(productId) })
export const useStockHistory = (productId: number) => useQuery(stockHistoryQueryOptions(productId))

export function useAddStockMovement(productId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (movement: StockMovement) => api<StockHistoryLine>('POST', `/produit/${productId}/mouvements`, movement),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.detail(productId) }),
  })
}
