// A list's state kept in the URL (shareable, the back button works): its filters, its page and
// its sort. Any change but the page's goes back to the first page.
import { useSearchParams } from 'react-router'
import type { SortingState } from '@tanstack/react-table'

export type ListChanges = Record<string, string | null>

export interface ListPage {
  metadata: { total: number; last_page: number }
}

export function useListSearch(defaultSort?: { sort: string; dir?: 'asc' | 'desc' }) {
  const [search, setSearch] = useSearchParams()
  const update = (changes: ListChanges) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    if (!('page' in changes)) next.delete('page')
    setSearch(next)
  }
  const page = Math.max(1, Math.trunc(Number(search.get('page'))) || 1)
  const sort = search.get('sort') ?? defaultSort?.sort ?? null
  const dir = search.get('dir') ?? defaultSort?.dir ?? 'desc'
  const sorting: SortingState = sort ? [{ id: sort, desc: dir === 'desc' }] : []
  const onPageChange = (next: number) => update({ page: String(next) })
  return {
    search,
    setSearch,
    update,
    page,
    /** The sort as the API reads it (`sort`, `dir`), the default when the URL has none. */
    sort,
    dir,
    /** What a DataTable takes of the sort. */
    sortProps: {
      sorting,
      onSortingChange: (next: SortingState) => update({ sort: next[0]?.id ?? null, dir: next[0] ? (next[0].desc ? 'desc' : 'asc') : null }),
    },
    /** What a Pager (or a DataTable) takes of a server page. */
    pageProps: (data: ListPage | undefined) => ({ page, pageCount: data?.metadata.last_page ?? 1, total: data?.metadata.total, onPageChange }),
  }
}

export type ListSearch = ReturnType<typeof useListSearch>
