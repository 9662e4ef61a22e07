// The catalogue's part of the sitemap (modules/seo): the visible products, one bounded page at a
// time, and the sub-categories' pages. Asked by the seo module, which owns no catalogue table.
import type { Executor } from '../../db/client.ts'
import { createCatalogueSitemapRepository } from './catalogue-sitemap.repository.ts'

export function createCatalogueSitemapService(db: Executor) {
  const repo = createCatalogueSitemapRepository(db)
  return {
    productCount: () => repo.productCount(),
    /** Page `page` (from 1) of `size` visible products by id: the first id of each page is read once. */
    async productPage(page: number, size: number): Promise<Array<{ id: number; updatedAt: Date }>> {
      if (page === 1) return repo.products(0, size)
      const starts = await repo.pageStarts(size)
      const start = starts[page - 1]
      return start === undefined ? [] : repo.products(start - 1, size)
    },
    subcategoryIds: async () => (await repo.subcategories()).map((row) => row.id),
  }
}

export type CatalogueSitemapService = ReturnType<typeof createCatalogueSitemapService>
