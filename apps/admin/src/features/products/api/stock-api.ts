// A product's stock history and its manual movements (GET|POST /api/produit/{id}/mouvements):
// fetcher, query options and hooks; a movement refreshes the history and the product. A
// product with several variants moves one variant's stock (`variante`), and its history can
// be read for one variant (`?variante=`, ADR 053 §4).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { StockHistoryLine, StockMovement } from '@teranga/shared/backoffice-catalogue'
import { api, queryString, type Page } from '../../../lib/api.ts'
import { productKeys } from './products-api.ts'

/** A history line names its variant (null for a line older than variants). */
export type VariantStockHistoryLine = StockHistoryLine & { variante?: { id: number; designation: string; code: string } | null }

// Under the product's key: refreshing the product refreshes its history too.
const stockKey = (productId: number, variantId: number | null) => [...productKeys.detail(productId), 'mouvements', variantId ?? 'toutes'] as const

export const getStockHistory = (productId: number, variantId: number | null = null) =>
  api<Page<VariantStockHistoryLine>>('GET', `/produit/${productId}/mouvements${queryString({ count: 20, variante: variantId })}`)
export const stockHistoryQueryOptions = (productId: number, variantId: number | null = null) =>
  queryOptions({ queryKey: stockKey(productId, variantId), queryFn: () => getStockHistory(productId, variantId) })
export const useStockHistory = (productId: number, variantId: number | null = null) => useQuery(stockHistoryQueryOptions(productId, variantId))

export function useAddStockMovement(productId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (movement: StockMovement & { variante?: number | null }) => api<StockHistoryLine>('POST', `/produit/${productId}/mouvements`, movement),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.detail(productId) }),
  })
}
