// The signed-in customer's favourites: the list (GraphQL), add (POST /api/favorie) and
// remove (DELETE /api/favorie/{produit}). After a change every signed-in product answer is
// refetched, since each carries its `like` flag.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Favori, Page } from '@teranga/shared/storefront-answers'
import { storefrontKey } from '@teranga/shared/storefront-queries'
import { rest, storefrontData } from '@/lib/api-client.ts'

export const FAVOURITES_PAGE_SIZE = 8

export function getFavourites(page: number): Promise<Page<Favori>> {
  return storefrontData<Page<Favori>>('favoris', { page, count: FAVOURITES_PAGE_SIZE })
}

export const getFavouritesQueryOptions = (page = 1) =>
  queryOptions({ queryKey: storefrontKey('favoris', { page, count: FAVOURITES_PAGE_SIZE }, 'auth'), queryFn: () => getFavourites(page), staleTime: 0 })

export function useFavourites(enabled: boolean, page = 1) {
  return useQuery({ ...getFavouritesQueryOptions(page), enabled, placeholderData: keepPreviousData })
}

export function useToggleFavourite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ client, produit, liked }: { client: number; produit: number; liked: boolean }) =>
      liked ? rest('DELETE', `/favorie/${produit}`) : rest('POST', '/favorie', { client, produit }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'gql' && query.queryKey[3] === 'auth' }),
  })
}
