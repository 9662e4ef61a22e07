// The shop's own pages: read by anyone with their Markdown rendered safely (markdown.ts), and
// rewritten by an admin with an audit line and the storefronts' caches told, in one transaction.
import { CONTENT_MESSAGES, CONTENT_PAGE_PATHS, CONTENT_SLUGS, type ContentSlug, type PageContenu, type PageContenuInput } from '@teranga/shared/content-pages'
import type { Executor } from '../../db/client.ts'
import { writeCatalogue } from '../../lib/catalogue-changes.ts'
import { notFound } from '../../lib/errors.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import { createContentRepository, type PageRow } from './content.repository.ts'
import { renderMarkdown } from './markdown.ts'

export function toPage(row: PageRow): PageContenu {
  return {
    slug: row.slug as ContentSlug,
    titre: row.titre,
    description: row.description,
    contenu: row.contenu,
    html: renderMarkdown(row.contenu),
    updated_at: row.updatedAt.toISOString(),
  }
}

const known = (slug: string): ContentSlug => {
  if (!(CONTENT_SLUGS as readonly string[]).includes(slug)) throw notFound(CONTENT_MESSAGES.pageNotFound)
  return slug as ContentSlug
}

export function createContentService(deps: { db: Executor; audit: Audit; clearCaches?: () => void }) {
  const { db, audit } = deps
  const repo = createContentRepository(db)
  // Rendering Markdown costs more than reading the row: each text is rendered once per change.
  const rendered = new Map<string, { at: number; page: PageContenu }>()
  const render = (row: PageRow) => {
    const hit = rendered.get(row.slug)
    if (hit && hit.at === row.updatedAt.getTime()) return hit.page
    const page = toPage(row)
    rendered.set(row.slug, { at: row.updatedAt.getTime(), page })
    return page
  }

  return {
    /** Every page, in the back office's order. */
    async all(): Promise<PageContenu[]> {
      return (await repo.all()).map(render)
    },

    async one(slug: string): Promise<PageContenu> {
      const row = await repo.one(known(slug))
      if (!row) throw notFound(CONTENT_MESSAGES.pageNotFound)
      return render(row)
    },

    /** The public pages' addresses and last change, for the sitemap. */
    async sitemapEntries(): Promise<Array<{ path: string; updatedAt: Date }>> {
      return (await repo.all()).map((row) => ({ path: CONTENT_PAGE_PATHS[row.slug as ContentSlug], updatedAt: row.updatedAt }))
    },

    async update(staffId: number, slug: string, input: PageContenuInput): Promise<PageContenu> {
      known(slug)
      // The rendered pages and the public answers show the new text at once, on every instance.
      const row = await writeCatalogue(db, deps.clearCaches, async (tx) => {
        const txRepo = createContentRepository(tx)
        const before = await txRepo.lock(slug)
        if (!before) throw notFound(CONTENT_MESSAGES.pageNotFound)
        const after = await txRepo.update(slug, input)
        await audit.record(tx, {
          staffId,
          action: 'page.modifier',
          resource: 'page',
          resourceId: slug,
          before: { slug, titre: before.titre, description: before.description, contenu: before.contenu },
          after: { slug, titre: after.titre, description: after.description, contenu: after.contenu },
        })
        return after
      })
      return render(row)
    },
  }
}

export type ContentService = ReturnType<typeof createContentService>
