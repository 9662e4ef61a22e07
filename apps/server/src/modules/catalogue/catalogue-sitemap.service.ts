// The catalogue's part of the sitemap (modules/seo): the visible products, one bounded page at a
// time, and the sub-categories' pages. Asked by the seo module, which owns no catalogue table.
// Read as every visitor's: on the read replica while it is usable (ADR 064).
import type { Executor } from '../../db/client.ts'
import { replicaReads, type ReadReplica } from '../../db/read-replica.ts'
import { createCatalogueSitemapRepository } from './catalogue-sitemap.repository.ts'

export function createCatalogueSitemapService(db: Executor, replica: ReadReplica | null = null) {
  const { read } = replicaReads(db, replica, createCatalogueSitemapRepository)
  return {
    productCount: () => read((repo) => repo.productCount()),
    /** Page `page` (from 1) of `size` visible products by id: the first id of each page is read once. */
    productPage: (page: number, size: number): Promise<Array<{ id: number; updatedAt: Date }>> =>
      read(async (repo) => {
        if (page === 1) return repo.products(0, size)
        const starts = await repo.pageStarts(size)
        const start = starts[page - 1]
        return start === undefined ? [] : repo.products(start - 1, size)
      }),
    subcategoryIds: () => read(async (repo) => (await repo.subcategories()).map((row) => row.id)),
  }
}

export type CatalogueSitemapService = ReturnType<typeof createCatalogueSitemapService>
