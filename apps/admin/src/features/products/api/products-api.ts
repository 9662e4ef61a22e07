// The catalogue's products (GET|POST /api/produit, GET|PUT|DELETE /api/produit/{id},
// POST /api/produit/{id}/desarchiver) and the sub-categories a product is filed under:
// fetchers, query options and hooks. Every write refreshes the products' queries.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BulkPrice, Product, ProductForm, ProductRemoval, ProductUpdate, Subcategory } from '@teranga/shared/backoffice-catalogue'
import { api, listOf, queryString, type Page } from '../../../lib/api.ts'

/** The list's filters as the API reads them (docs/back-office-api.md, GET /api/produit). */
export interface ProductsFilter {
  q?: string | null
  souscategorie?: string | null
  stock?: string | null
  promo?: string | null
  archive: '0' | '1'
  page: number
  sort: string | null
  dir: string
}

/** Every product query starts with `produits`: a write refreshes them all at once. */
export const productKeys = {
  all: ['produits'] as const,
  list: (filter: ProductsFilter) => [...productKeys.all, 'liste', filter] as const,
  detail: (id: number | string) => [...productKeys.all, String(id)] as const,
}

export const getProducts = (filter: ProductsFilter) => api<Page<Product>>('GET', `/produit${queryString({ ...filter, count: 20 })}`)
export const getProduct = (id: number | string) => api<Product>('GET', `/produit/${id}`)
export const getSubcategories = () => api<Subcategory[] | Page<Subcategory>>('GET', '/souscategorie?count=100').then(listOf)

export const productsQueryOptions = (filter: ProductsFilter) => queryOptions({ queryKey: productKeys.list(filter), queryFn: () => getProducts(filter), placeholderData: keepPreviousData })
export const productQueryOptions = (id: number | string) => queryOptions({ queryKey: productKeys.detail(id), queryFn: () => getProduct(id) })
// The settings' sub-categories page refreshes this key after its writes.
export const subcategoriesQueryOptions = () => queryOptions({ queryKey: ['souscategories'], queryFn: getSubcategories })

export const useProducts = (filter: ProductsFilter) => useQuery(productsQueryOptions(filter))
export const useProduct = (id: number | string | undefined) => useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== undefined })
export const useSubcategories = () => useQuery(subcategoriesQueryOptions())

function useProductWrite<T, R>(write: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }) })
}

/** POST /api/produit (with `qte`), or PUT /api/produit/{id} (without it: stock moves only through movements). */
export const useSaveProduct = (id: number | undefined) =>
  useProductWrite((values: ProductForm | ProductUpdate) => {
    if (id === undefined) return api<Product>('POST', '/produit', values)
    const { qte: _qte, ...update } = values as ProductForm
    return api<Product>('PUT', `/produit/${id}`, update)
  })

/** An active product is archived (it has orders) or deleted (`archive: false`); an archived one comes back. */
export const useArchiveProduct = (product: Product) =>
  useProductWrite(() => (product.actif ? api<ProductRemoval>('DELETE', `/produit/${product.id}`) : api<Product>('POST', `/produit/${product.id}/desarchiver`).then(() => null)))

/** POST /api/produit/{id}/variantes/prix: the chosen variants' prices at once, all or nothing (a 400 on `valeur`). */
export const useBulkVariantPrice = (productId: number) => useProductWrite((change: BulkPrice) => api<Product>('POST', `/produit/${productId}/variantes/prix`, change))
