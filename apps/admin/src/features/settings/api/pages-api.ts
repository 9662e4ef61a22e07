// The shop's own pages (CGV, FAQ, livraison, contact): GET /api/pages lists them with their
// Markdown, PUT /api/pages/{slug} saves one (admins; the server audits it). Types are the server's
// answers (packages/shared content-pages).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ContentSlug, PageContenu, PageContenuInput } from '@teranga/shared/content-pages'
import { api } from '../../../lib/api.ts'

export const pagesKeys = { all: () => ['pages'] as const }

export const getPages = () => api<PageContenu[]>('GET', '/pages')
export const pagesQueryOptions = () => queryOptions({ queryKey: pagesKeys.all(), queryFn: getPages })
export const usePages = () => useQuery(pagesQueryOptions())

export const savePage = (slug: ContentSlug, body: PageContenuInput) => api<PageContenu>('PUT', `/pages/${slug}`, body)
export function useSavePage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, body }: { slug: ContentSlug; body: PageContenuInput }) => savePage(slug, body),
    onSettled: () => client.invalidateQueries({ queryKey: pagesKeys.all() }),
  })
}
