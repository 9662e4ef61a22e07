// The storefront's HTML for a page: the built index.html with the page rendered as a visitor
// sees it, the browser's configuration and the page's first data embedded (the documents its
// routes declare, which the built renderer names, run in-process) and a preload hint for the
// image that paints first. Pages are the same for everyone (personal data comes after
// hydration), so they are kept for a few seconds, compressed once.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { IMAGE_SIZES } from '@teranga/shared/media'
import type { PageMeta } from '@teranga/shared/page-meta'
import { STOREFRONT_QUERIES, STOREFRONT_ROOT_FIELDS, storefrontKey, type InitialQuery, type StorefrontQuery } from '@teranga/shared/storefront-queries'
import { escapeHtml, pageHead, scriptJson } from './page-head.ts'

export type RunQuery = (query: string, variables: Record<string, unknown>) => Promise<{ data?: Record<string, unknown> | null; errors?: unknown }>

type Plan = Array<{ name: StorefrontQuery; variables: Record<string, unknown> }>

/** The storefront's server renderer (apps/web/src/entry-server.tsx, built). */
export interface ServerRenderer {
  /** The documents the page at `url` shows first, with the variables the app asks with (its routes say which). */
  dataFor(url: string): Promise<Plan>
  render(url: string, queries: InitialQuery[]): Promise<RenderedApp>
  /** What the page draws from its address beyond its data (the product page's `?variante=`); '' for most. */
  viewFor?(url: string): Promise<string>
}

/** A page drawn by the renderer, with what its head tells engines and link previews. */
interface RenderedApp {
  html: string
  status: number
  meta?: PageMeta | undefined
}

/** The renderer built beside the storefront's static files (`dist-server`), when there is one. */
export async function loadServerRenderer(webDir: string): Promise<ServerRenderer | undefined> {
  const file = path.join(webDir, '..', 'dist-server', 'entry-server.js')
  if (!fs.existsSync(file)) return undefined
  const module = (await import(pathToFileURL(file).href)) as Partial<ServerRenderer>
  if (typeof module.render !== 'function' || typeof module.dataFor !== 'function') return undefined
  return { render: module.render, dataFor: module.dataFor, ...(typeof module.viewFor === 'function' ? { viewFor: module.viewFor } : {}) }
}

interface Options {
  template: string
  firebase: { apiKey: string; authDomain: string; projectId: string; emulatorUrl?: string | undefined }
  run: RunQuery
  /** The shop's public origin: canonical and preview addresses are absolute. */
  publicUrl: string
  /** Without it, pages carry no data and are drawn by the browser alone, which asks for it. */
  renderer?: ServerRenderer | undefined
  onRenderError?: (error: unknown, url: string) => void
  ttlMs: number
}

export interface RenderedPage {
  status: number
  html: string
  gzip: Buffer
  brotli: Buffer
}

const MAX_ENTRIES = 500

/** GraphQL errors that all say « not found » (the API's NOT_FOUND code). */
function notFoundOnly(errors: unknown): boolean {
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => (e as { extensions?: { code?: unknown } } | null)?.extensions?.code === 'NOT_FOUND')
}

function preloadImage(image: unknown, srcset: unknown, sizes: string): string {
  if (typeof image !== 'string') return ''
  const set = typeof srcset === 'string' && srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : ''
  return `<link rel="preload" as="image" href="${escapeHtml(image)}"${set} fetchpriority="high">`
}

/** Hints for what the page paints first. */
function headFor(queries: InitialQuery[]): string {
  const find = (name: StorefrontQuery) => queries.find((q) => q.key[1] === name)?.data as Record<string, unknown> | null | undefined
  const parts: string[] = []
  const slides = find('caroussels') as unknown as Array<Record<string, unknown>> | undefined
  if (slides?.[0]) parts.push(preloadImage(slides[0].image, slides[0].imagesrcset, IMAGE_SIZES.slide))
  const product = find('produit')
  if (product) {
    parts.push(preloadImage(product.image, product.imagesrcset, IMAGE_SIZES.productDetails))
  }
  return parts.join('\n    ')
}

const TITLE = /<title>([^<]*)<\/title>/
const DESCRIPTION = /<meta name="description" content="([^"]*)"\s*\/?>/

function markOrBefore(template: string, mark: string, closingTag: string): { index: number; length: number } {
  const marked = template.indexOf(mark)
  if (marked >= 0) return { index: marked, length: mark.length }
  const closing = template.lastIndexOf(closingTag)
  return { index: closing >= 0 ? closing : template.length, length: 0 }
}

export function createStorefrontPages(opts: Options) {
  const cache = new Map<string, { page: RenderedPage; expires: number }>()
  const plans = new Map<string, { plan: Plan; key: string; expires: number }>()
  const remember = <T>(map: Map<string, T>, key: string, entry: T) => {
    if (opts.ttlMs <= 0) return
    if (map.size >= MAX_ENTRIES) map.clear()
    map.set(key, entry)
  }
  // The build marks where hints and data go; a template without the marks still works.
  const headAt = markOrBefore(opts.template, '<!--app-head-->', '</head>')
  const dataAt = markOrBefore(opts.template, '<!--app-data-->', '</body>')
  const beforeHead = opts.template.slice(0, headAt.index)
  const middle = opts.template.slice(headAt.index + headAt.length, dataAt.index)
  const tail = opts.template.slice(dataAt.index + dataAt.length)
  const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&').replace(/&quot;/g, '"')
  const defaultTitle = unescape(TITLE.exec(beforeHead)?.[1] ?? 'Teranga')
  const defaultDescription = unescape(DESCRIPTION.exec(beforeHead)?.[1] ?? '')

  async function firstData(plan: Plan): Promise<InitialQuery[]> {
    const results = await Promise.all(
      plan.map(async ({ name, variables }) => {
        try {
          const result = await opts.run(STOREFRONT_QUERIES[name], variables)
          // « Not found » is an answer (an unknown product): embedded as null, which the app
          // reads as not found too, so the page is drawn as the not-found page with its 404.
          if (result.errors && notFoundOnly(result.errors)) return { key: [...storefrontKey(name, variables, 'anon')], data: null } as InitialQuery
          if (result.errors || !result.data) return undefined
          return { key: [...storefrontKey(name, variables, 'anon')], data: result.data[STOREFRONT_ROOT_FIELDS[name]] } as InitialQuery
        } catch {
          // The app fetches whatever is missing itself: a failed query only costs a round trip.
          return undefined
        }
      }),
    )
    return results.filter((q): q is InitialQuery => q !== undefined)
  }

  async function planFor(url: string): Promise<{ plan: Plan; view: string }> {
    if (!opts.renderer) return { plan: [], view: '' }
    try {
      const [plan, view] = await Promise.all([opts.renderer.dataFor(url), opts.renderer.viewFor?.(url) ?? ''])
      return { plan, view }
    } catch (error) {
      // The browser asks for whatever the page did not carry.
      opts.onRenderError?.(error, url)
      return { plan: [], view: '' }
    }
  }

  async function renderApp(url: string, queries: InitialQuery[]): Promise<RenderedApp> {
    if (!opts.renderer) return { html: '', status: 200 }
    try {
      return await opts.renderer.render(url, queries)
    } catch (error) {
      // The browser can still draw the page from the embedded data.
      opts.onRenderError?.(error, url)
      return { html: '', status: 200 }
    }
  }

  async function build(url: string, plan: Plan): Promise<RenderedPage> {
    const queries = await firstData(plan)
    const app = await renderApp(url, queries)
    const data = `<script id="app-data" type="application/json">${scriptJson({ firebase: opts.firebase, queries })}</script>`
    const body = middle.replace('<div id="root"></div>', `<div id="root">${app.html}</div>`)
    // The page's title, description, canonical address and preview (page-head.ts); a page the
    // renderer could not draw still gets the shop's, and the 404 its own.
    const meta = app.meta ?? (app.status === 404 ? { title: 'Page introuvable', noindex: true } : undefined)
    const pageAddress = new URL(url, 'http://shop.local').pathname
    const seo = pageHead(meta, { publicUrl: opts.publicUrl, path: pageAddress, defaultTitle, defaultDescription })
    const head = beforeHead
      .replace(TITLE, () => `<title>${escapeHtml(seo.title)}</title>`)
      .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(seo.description)}">`)
    // A template without a description gets one with the page's tags.
    const ownDescription = DESCRIPTION.test(beforeHead) ? '' : `<meta name="description" content="${escapeHtml(seo.description)}">\n    `
    const html = `${head}${ownDescription}${seo.tags}\n    ${headFor(queries)}${body}${data}${tail}`
    return {
      status: app.status,
      html,
      gzip: gzipSync(html, { level: 6 }),
      brotli: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    }
  }

  // The offline shell: the template with the browser's configuration and no page, which the
  // service worker keeps and shows for a page never seen while the phone is offline.
  const shellHtml = `${beforeHead}${middle}<script id="app-data" type="application/json">${scriptJson({ firebase: opts.firebase, queries: [] })}</script>${tail}`
  const shell: RenderedPage = {
    status: 200,
    html: shellHtml,
    gzip: gzipSync(shellHtml, { level: 9 }),
    brotli: brotliCompressSync(shellHtml, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  }

  return {
    /** The page the app draws by itself (no server rendering, no data). */
    shell: () => shell,
    /** Forgets every rendered page (a catalogue write, plugins/database-notifications.ts). */
    clear() {
      cache.clear()
      plans.clear()
    },
    async render(url: string): Promise<RenderedPage> {
      const parsed = new URL(url, 'http://shop.local')
      const target = `${parsed.pathname}${parsed.search}`
      const now = Date.now()
      // A page is its path, the data its routes read from the address and what else they draw
      // from it (a product's chosen variant): any other query string shares its entry, so
      // made-up parameters cannot make every request render anew. Asking the routes costs a
      // route match, so an address's answer is kept too.
      let planned = plans.get(target)
      if (!planned || planned.expires <= now) {
        const { plan, view } = await planFor(target)
        planned = { plan, key: `${parsed.pathname} ${JSON.stringify(plan)} ${view}`, expires: now + opts.ttlMs }
        remember(plans, target, planned)
      }
      const hit = cache.get(planned.key)
      if (hit && hit.expires > now) return hit.page
      const page = await build(target, planned.plan)
      remember(cache, planned.key, { page, expires: now + opts.ttlMs })
      return page
    },
  }
}

export type StorefrontPages = ReturnType<typeof createStorefrontPages>
