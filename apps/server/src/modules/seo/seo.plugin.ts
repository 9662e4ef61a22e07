// The seo module: robots.txt and the sitemap, which follow the catalogue (visible products,
// sub-categories) and the shop's own pages, with absolute addresses from PUBLIC_URL. Answers are
// kept a few minutes and forgotten on any catalogue write; past 50,000 addresses the sitemap
// becomes an index of bounded files (sitemap.ts).
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '@teranga/shared/server-messages'
import { createCatalogueSitemapService } from '../catalogue/catalogue-sitemap.service.ts'
import { robotsTxt, sitemapIndex, urlset, type SitemapUrl } from './sitemap.ts'

export interface SeoOptions {
  publicUrl: string
  /** Addresses per sitemap file (50,000, the protocol's limit); smaller in tests. */
  sitemapPageSize?: number
  /** How long an answer is kept (5 minutes); 0 keeps none. */
  ttlMs?: number
}

const XML = 'application/xml; charset=utf-8'

async function seo(app: FastifyInstance, opts: SeoOptions) {
  const size = opts.sitemapPageSize ?? 50_000
  const ttlMs = opts.ttlMs ?? 5 * 60_000
  const catalogue = createCatalogueSitemapService(app.db, app.database.replica)
  const abs = (path: string) => `${opts.publicUrl}${path}`
  const kept = new Map<string, { body: string; expires: number }>()
  if (app.hasDecorator('catalogueCaches')) app.catalogueCaches.add(() => kept.clear())

  async function cached(key: string, build: () => Promise<string | undefined>): Promise<string | undefined> {
    const hit = kept.get(key)
    if (hit && hit.expires > Date.now()) return hit.body
    const body = await build()
    if (body !== undefined && ttlMs > 0) {
      if (kept.size > 100) kept.clear()
      kept.set(key, { body, expires: Date.now() + ttlMs })
    }
    return body
  }

  /** The home page, the shop's own pages and the sub-categories. */
  async function pageUrls(): Promise<SitemapUrl[]> {
    const [pages, subcategories] = await Promise.all([app.content.sitemapEntries(), catalogue.subcategoryIds()])
    return [{ loc: abs('/') }, ...pages.map((p) => ({ loc: abs(p.path), lastmod: p.updatedAt })), ...subcategories.map((id) => ({ loc: abs(`/product_bycat/${id}`) }))]
  }
  const productUrls = async (page: number, count: number): Promise<SitemapUrl[]> =>
    (await catalogue.productPage(page, count)).map((p) => ({ loc: abs(`/product/${p.id}`), lastmod: p.updatedAt }))

  const send = (reply: FastifyReply, type: string, body: string | undefined) => {
    if (body === undefined) return reply.status(404).send({ message: MESSAGES.notFound })
    return reply.header('content-type', type).header('cache-control', `public, max-age=${Math.round(ttlMs / 1000)}`).send(body)
  }

  app.get('/robots.txt', async (_request, reply) => send(reply, 'text/plain; charset=utf-8', robotsTxt(opts.publicUrl)))

  app.get('/sitemap.xml', async (_request, reply) =>
    send(
      reply,
      XML,
      await cached('index', async () => {
        const [pages, products] = await Promise.all([pageUrls(), catalogue.productCount()])
        if (pages.length + products <= size) return urlset([...pages, ...(products > 0 ? await productUrls(1, products) : [])])
        const files = Math.ceil(products / size)
        return sitemapIndex([abs('/sitemap-pages.xml'), ...Array.from({ length: files }, (_, i) => abs(`/sitemap-produits-${i + 1}.xml`))])
      }),
    ),
  )

  app.get('/sitemap-pages.xml', async (_request, reply) => send(reply, XML, await cached('pages', async () => urlset(await pageUrls()))))

  app.get<{ Params: { page: string } }>('/sitemap-produits-:page.xml', async (request, reply) => {
    const page = Number(request.params.page)
    if (!Number.isInteger(page) || page < 1 || page > 100_000) return send(reply, XML, undefined)
    return send(
      reply,
      XML,
      await cached(`produits-${page}`, async () => {
        const urls = await productUrls(page, size)
        return urls.length > 0 ? urlset(urls) : undefined
      }),
    )
  })
}

export default fp(seo, { name: 'seo', dependencies: ['database', 'content'] })
