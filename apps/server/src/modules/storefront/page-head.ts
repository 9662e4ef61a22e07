// A page's head for search engines and link previews: its title and description, its canonical
// address, Open Graph tags (what WhatsApp and Facebook show of a pasted link: picture, name,
// price in FCFA) and, for a product, schema.org Product data for Google's rich results. What the
// page is comes from its route (PageMeta, apps/web/src/app/page-meta.ts); every address is made
// absolute from PUBLIC_URL, since crawlers know no other origin.
import { formatPrix } from '@teranga/shared/money'
import type { PageMeta } from '@teranga/shared/page-meta'

export const SHOP_NAME = 'Teranga'

export interface HeadContext {
  /** The shop's public origin (config.publicUrl, no trailing slash). */
  publicUrl: string
  /** The page's path, without its query string. */
  path: string
  /** The template's own title and description, for pages that declare none. */
  defaultTitle: string
  defaultDescription: string
}

export interface PageHead {
  title: string
  description: string
  /** The tags after the template's own (canonical, Open Graph, JSON-LD). */
  tags: string
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
/** JSON inside a <script> element: nothing in the data can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)

/** An address on the shop made absolute; other origins' addresses kept; anything else dropped. */
export function absoluteUrl(publicUrl: string, target: string | null | undefined): string | undefined {
  if (!target) return undefined
  if (/^https?:\/\//i.test(target)) return target
  if (target.startsWith('//')) return `https:${target}`
  if (!target.startsWith('/')) return undefined
  return `${publicUrl}${target}`
}

/**
 * What a pasted link shows: one of our WebP renderings (`/media/<path>-<width>.webp`) as the JPEG
 * the media module makes of it under /media/apercu/ (WhatsApp's reading of WebP is not
 * documented); any other picture as it is.
 */
export function previewPicture(image: string | null | undefined): { src: string; type?: string } | undefined {
  if (!image) return undefined
  const rendering = /^\/media\/(?!apercu\/)([a-z0-9_/-]+-\d{2,4})\.webp$/.exec(image)
  return rendering ? { src: `/media/apercu/${rendering[1]}.jpg`, type: 'image/jpeg' } : { src: image }
}

const shorten = (text: string, max: number) => {
  // Runs of white space made one space, but an amount's no-break spaces kept (« 12 500 FCFA », ADR 047).
  const plain = text.replace(/[^\S\u00a0]+/g, ' ').trim()
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).replace(/\s+\S*$/, '')}…`
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`

const availability = (inStock: boolean) => (inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock')

/**
 * schema.org Product with its offers in XOF, as Google's rich results read it: one offer object
 * for a product sold in one form, an array of one per variant otherwise (ADR 053 §5), each with
 * its SKU, name, price, availability and the address choosing it.
 */
export function productJsonLd(product: NonNullable<PageMeta['product']>, url: string, image: string | undefined, publicUrl = '') {
  const offer = { itemCondition: 'https://schema.org/NewCondition', seller: { '@type': 'Organization', name: SHOP_NAME } }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(image ? { image: [image] } : {}),
    ...(product.description ? { description: shorten(product.description, 5000) } : {}),
    ...(product.category ? { category: product.category } : {}),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: product.offers
      ? product.offers.map((o) => ({
          '@type': 'Offer',
          sku: o.sku,
          name: o.name,
          url: absoluteUrl(publicUrl, o.url) ?? url,
          priceCurrency: 'XOF',
          price: String(o.price),
          availability: availability(o.inStock),
          ...offer,
        }))
      : { '@type': 'Offer', url, priceCurrency: 'XOF', price: String(product.price), availability: availability(product.inStock), ...offer },
  }
}

export function pageHead(page: PageMeta | undefined, ctx: HeadContext): PageHead {
  const title = page?.title ? `${page.title} — ${SHOP_NAME}` : ctx.defaultTitle
  const product = page?.product
  const price = product ? formatPrix(product.price) : undefined
  const baseDescription = shorten(page?.description || ctx.defaultDescription, 200)
  const description = product && price && !baseDescription.includes(price) ? shorten(`${price} — ${baseDescription}`, 200) : baseDescription
  const url = absoluteUrl(ctx.publicUrl, page?.canonical ?? ctx.path) ?? `${ctx.publicUrl}${ctx.path}`
  const image = absoluteUrl(ctx.publicUrl, page?.image ?? product?.image)
  const tags: string[] = []
  if (page?.noindex) tags.push(meta('name', 'robots', 'noindex'))
  else tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`)
  tags.push(
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:type', product ? 'product' : 'website'),
    // A pasted link shows this line: the product's name with its price.
    meta('property', 'og:title', product && price ? `${product.name} — ${price}` : page?.title ?? ctx.defaultTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
  )
  const preview = previewPicture(page?.image ?? product?.image)
  const previewUrl = absoluteUrl(ctx.publicUrl, preview?.src)
  if (previewUrl) {
    tags.push(meta('property', 'og:image', previewUrl))
    if (preview?.type) tags.push(meta('property', 'og:image:type', preview.type))
    tags.push(meta('property', 'og:image:alt', product?.name ?? page?.title ?? SHOP_NAME))
  }
  if (product) {
    tags.push(
      meta('property', 'product:price:amount', String(product.price)),
      meta('property', 'product:price:currency', 'XOF'),
      meta('property', 'product:availability', product.inStock ? 'in stock' : 'out of stock'),
      `<script type="application/ld+json">${scriptJson(productJsonLd(product, url, image, ctx.publicUrl))}</script>`,
    )
  }
  tags.push(meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'))
  return { title, description, tags: tags.join('\n    ') }
}
