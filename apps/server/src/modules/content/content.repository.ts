// SQL of the shop's own pages (pages_contenu): one row per page, read by its slug, rewritten whole.
import { asc, eq, sql } from 'drizzle-orm'
import type { PageContenuInput } from '@teranga/shared/content-pages'
import type { Executor } from '../../db/client.ts'
import { pagesContenu } from '../../db/schema.ts'

export type PageRow = typeof pagesContenu.$inferSelect

export function createContentRepository(db: Executor) {
  return {
    all: () => db.select().from(pagesContenu).orderBy(asc(pagesContenu.slug)),
    async one(slug: string): Promise<PageRow | undefined> {
      return (await db.select().from(pagesContenu).where(eq(pagesContenu.slug, slug)))[0]
    },
    /** The row locked for its rewrite, so that the audit's « before » is what was replaced. */
    async lock(slug: string): Promise<PageRow | undefined> {
      return (await db.select().from(pagesContenu).where(eq(pagesContenu.slug, slug)).for('update'))[0]
    },
    async update(slug: string, input: PageContenuInput): Promise<PageRow> {
      const [row] = await db
        .update(pagesContenu)
        .set({ titre: input.titre, description: input.description, contenu: input.contenu, updatedAt: sql`now()` })
        .where(eq(pagesContenu.slug, slug))
        .returning()
      return row!
    },
  }
}

export type ContentRepository = ReturnType<typeof createContentRepository>
