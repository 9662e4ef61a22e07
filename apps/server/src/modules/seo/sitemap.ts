// The sitemap's XML (sitemaps.org 0.9): one list while the shop's addresses fit in one file
// (50,000 at most), else an index of files, the pages and categories in one, the products in
// numbered pages of at most that many.
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export interface SitemapUrl {
  loc: string
  lastmod?: Date | undefined
}

const day = (date: Date) => date.toISOString().slice(0, 10)

export function urlset(urls: SitemapUrl[]): string {
  const entries = urls.map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${day(u.lastmod)}</lastmod>` : ''}</url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
}

export function sitemapIndex(locs: string[]): string {
  const entries = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`
}

/** What search engines may crawl: the catalogue and the shop's pages, not the checkout, accounts, APIs or an order's tracking page (its link carries a key). */
export function robotsTxt(publicUrl: string): string {
  const closed = ['/api/', '/graphql', '/admin', '/cart', '/livraison', '/paiement', '/success', '/failed', '/profile', '/signup', '/suivi/']
  return ['User-agent: *', 'Allow: /', ...closed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')
}
