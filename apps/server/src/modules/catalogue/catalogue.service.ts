// Catalogue rules: which products a shopper sees, on which page and in which order, and how
// views are counted (spec §3); the shapes of the answers are catalogue.format.ts.
// What every visitor sees is kept for a few seconds and shared (ADR 004, ADR 021); a signed-in
// customer's likes are read for each answer and laid over it. Anonymous reads may come from the
// read replica (`publicRead`, ADR 064); a signed-in customer's from the primary, kept apart.
import { createHmac, randomBytes } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { MESSAGES } from '@teranga/shared/server-messages'
import { isMediaKey } from '@teranga/shared/media'
import { idSchema } from '@teranga/shared/schemas'
import { BEST_SELLERS_DAYS } from '@teranga/shared/catalogue-grid'
import { gridArgsSchema, type GridArgs } from '@teranga/shared/catalogue-grid-schema'
import { badInput, fieldErrors, notFound } from '../../lib/errors.ts'
import { pageArgs, toPage, type Page } from '../../lib/pagination.ts'
import type { CatalogueRepository, SaleRule } from './catalogue.repository.ts'
import { EMPTY_VOCABULARY, buildVocabulary, suggestSpellings } from './spelling.ts'
import { toCaroussel, toCategories, toPreferences, toProduit, toSouscategorie, toVariante } from './catalogue.format.ts'

type Produit = ReturnType<typeof toProduit>

/** How many products « Les plus consultés » shows. */
export const MOST_VIEWED = 10
/** Words kept for close spellings, the most common first (a catalogue's names hold a few thousand). */
const VOCABULARY_MAX_WORDS = 50_000
/** Past hours' view rows are purged at most this often. */
const VIEW_PURGE_EVERY_MS = 10 * 60_000
/** Keys the hash of a visitor's address: stored views never hold an address. */
const VISITOR_KEY = randomBytes(32)

/** Who viewed a product: the signed-in client, else the address (hashed). */
export type Viewer = { clientId: number } | { ip: string }
const visitorOf = (viewer: Viewer) =>
  'clientId' in viewer ? `c:${viewer.clientId}` : `a:${createHmac('sha256', VISITOR_KEY).update(viewer.ip).digest('base64url').slice(0, 22)}`
const MAX_SEARCH_LENGTH = 100

function checkId(value: unknown, field: string): number {
  const parsed = idSchema.safeParse(value)
  if (!parsed.success) throw badInput(undefined, { [field]: parsed.error.issues.map((i) => i.message) })
  return parsed.data
}

export interface ProductQuery {
  page?: number | null
  count?: number | null
  categorie_id?: number | null
  designation?: string | null
  /** A grid's sort and filters (issue 19 §2): `tri`, `prix_min`, `prix_max`, `en_stock`, `promotion`. */
  tri?: unknown
  prix_min?: unknown
  prix_max?: unknown
  en_stock?: unknown
  promotion?: unknown
}

/** A grid's sort and filters, checked: a bad one is a 400 naming its field. */
function gridArgs(args: ProductQuery): GridArgs {
  const parsed = gridArgsSchema.safeParse({ tri: args.tri, prix_min: args.prix_min, prix_max: args.prix_max, en_stock: args.en_stock, promotion: args.promotion })
  if (!parsed.success) throw badInput(undefined, fieldErrors(parsed.error.issues))
  return parsed.data
}

export interface CatalogueServiceOptions {
  /** How long an answer every visitor sees alike is kept; 0 reads the database every time. */
  publicTtlMs?: number
  /** Told of each lookup among the answers kept: found or not (GET /metrics). */
  onLookup?: ((hit: boolean) => void) | undefined
  /** What counts as a sale, for the best sellers: the payments module's rule (ADR 050). */
  countsAsSale: SaleRule
  /**
   * Runs an anonymous read on the repository over the read replica while it is usable, else over
   * the primary (ADR 064); without it every read is on `repo`.
   */
  publicRead?: <T>(fn: (repo: CatalogueRepository) => Promise<T>) => Promise<T>
  /**
   * Whether `publicRead` may read a replica: then a signed-in customer's reads keep answers of
   * their own, read on the primary, apart from the anonymous ones (which the replica may fill).
   */
  replicated?: boolean
}

/** Distinct public answers kept at once (pages of sub-categories and searches, products). */
const MAX_PUBLIC_ANSWERS = 2000
/** Products those answers hold at most, all together: searches a visitor varies cannot fill memory with pages of 100. */
const MAX_PUBLIC_PRODUCTS = 20_000

/** A product's rows in an answer: itself and the variants it is kept with (REST's answers). */
const productRows = (item: unknown) => {
  const variantes = (item as { variantes?: unknown } | null)?.variantes
  return 1 + (Array.isArray(variantes) ? variantes.length : 0)
}

/** How many rows (products and the variants kept with them) an answer holds, for MAX_PUBLIC_PRODUCTS. */
function rowsIn(answer: unknown): number {
  const rows = (items: unknown[]) => Math.max(1, items.reduce<number>((sum, item) => sum + productRows(item), 0))
  if (Array.isArray(answer)) return rows(answer)
  const data = (answer as { data?: unknown } | null)?.data
  return Array.isArray(data) ? rows(data) : productRows(answer)
}

export function createCatalogueService(repo: CatalogueRepository, { publicTtlMs = 0, onLookup, countsAsSale, publicRead = (fn) => fn(repo), replicated = false }: CatalogueServiceOptions) {
  let lastPurge = 0
  /** The names' words, for close spellings: rebuilt by each upkeep. */
  let vocabulary = EMPTY_VOCABULARY
  // Promises are kept, so that requests asking the same at once share one query; a failed
  // read is not kept. Emptied by any catalogue write (`clear`).
  const kept =
    publicTtlMs > 0
      ? new LRUCache<string, Promise<unknown>>({ max: MAX_PUBLIC_ANSWERS, maxSize: MAX_PUBLIC_PRODUCTS, sizeCalculation: () => 1, ttl: publicTtlMs })
      : null
  /**
   * An answer every visitor sees alike, kept under `key`; read (when not kept) for `viewerId`:
   * anonymous, where the replica may answer; signed in, on the primary, which holds their own
   * last writes (the stock their order took). With a replica, signed-in customers share answers
   * kept apart, all read on the primary: never one an anonymous read filled from the replica
   * (ADR 064). Without one, everybody's answers come from the primary and are kept together.
   */
  function shared<T>(key: string, viewerId: number | null, read: (from: CatalogueRepository) => Promise<T>): Promise<T> {
    const run = () => (viewerId === null ? publicRead(read) : read(repo))
    if (replicated && viewerId !== null) key = `primary ${key}`
    if (!kept) return run()
    const hit = kept.get(key) as Promise<T> | undefined
    onLookup?.(hit !== undefined)
    if (hit) return hit
    const reading = run()
    kept.set(key, reading)
    reading.then(
      // Counted by what it holds once it is read (a new value: the cache sizes only those).
      (answer) => {
        if (kept.peek(key) === reading) kept.set(key, Promise.resolve(answer), { size: rowsIn(answer) })
      },
      () => {
        if (kept.peek(key) === reading) kept.delete(key)
      },
    )
    return reading
  }

  /** The products as this viewer sees them: `like` set on those in their favourites. */
  async function withLikes(products: readonly Produit[], viewerId: number | null): Promise<Produit[]> {
    if (viewerId === null || products.length === 0) return [...products]
    const liked = await repo.likedAmong(viewerId, products.map((p) => p.id))
    return products.map((p) => (liked.has(p.id) ? { ...p, like: 1 } : p))
  }

  async function withLikesOnPage(page: Page<Produit>, viewerId: number | null): Promise<Page<Produit>> {
    return viewerId === null ? page : { ...page, data: await withLikes(page.data, viewerId) }
  }

  /** These products with their live variants, read in one statement for all of them (ADR 053 §4). */
  async function withVariants<P extends Produit>(products: readonly P[], from: CatalogueRepository = repo): Promise<P[]> {
    const variants = await from.variantsOf(products.map((p) => p.id))
    return products.map((p) => ({ ...p, variantes: (variants.get(p.id) ?? []).map((v) => toVariante({ designation: p.designation, options: p.options ?? [] }, v)) }))
  }

  /** A grid page's key among the kept answers and how to read it, its arguments checked (a 400 naming the field). */
  function publicPage(args: ProductQuery) {
    const page = pageArgs(args)
    const souscategorieId = args.categorie_id == null ? null : checkId(args.categorie_id, 'categorie_id')
    if (args.designation && args.designation.length > MAX_SEARCH_LENGTH) {
      throw badInput(undefined, { designation: [MESSAGES.textTooLong(MAX_SEARCH_LENGTH)] })
    }
    const search = args.designation ?? null
    const { tri = null, prix_min = null, prix_max = null, en_stock = null, promotion = null } = gridArgs(args)
    const grid = [tri, prix_min, prix_max, en_stock || null, promotion || null]
    // The key of a page without a sort or filter stays what it was (the same answers shared).
    const key = JSON.stringify(grid.every((v) => v === null) ? [souscategorieId, search, page.page, page.count] : [souscategorieId, search, page.page, page.count, ...grid])
    const read = async (from: CatalogueRepository): Promise<Page<Produit>> => {
      const filter = { souscategorieId, search, tri, prixMin: prix_min, prixMax: prix_max, enStock: en_stock, promotion }
      const { rows, total } = await from.productPage(filter, page)
      return toPage(rows.map(toProduit), total, page)
    }
    return { key, read }
  }

  /** A product as every visitor sees it (kept); a 404 when there is none. */
  async function publicProduct(id: number, viewerId: number | null): Promise<Produit> {
    const product = await shared(`product ${id}`, viewerId, async (from) => {
      const row = await from.productById(id)
      return row ? toProduit(row) : null
    })
    if (!product) throw notFound(MESSAGES.productNotFound)
    return product
  }

  /** « Les plus consultés » as every visitor sees them (kept). */
  const publicMostViewed = (viewerId: number | null) =>
    shared(`most-viewed ${MOST_VIEWED}`, viewerId, async (from) => (await from.mostViewed(MOST_VIEWED)).map(toProduit))

  return {
    /** Forgets the public answers kept (a catalogue write). */
    clear: () => kept?.clear(),

    withVariants,

    /**
     * The variants of each product, for GraphQL's `Produit.variantes`: one statement for all the
     * products of an answer (its loader batches them).
     */
    variantsFor: async (products: ReadonlyArray<Pick<Produit, 'id' | 'designation' | 'options'>>, signedIn: boolean) => {
      const ids = products.map((p) => p.id)
      const variants = await (signedIn ? repo.variantsOf(ids) : publicRead((from) => from.variantsOf(ids)))
      return products.map((p) => (variants.get(p.id) ?? []).map((v) => toVariante({ designation: p.designation, options: p.options ?? [] }, v)))
    },

    async productPage(args: ProductQuery, viewerId: number | null) {
      const { key, read } = publicPage(args)
      return withLikesOnPage(await shared(`page ${key}`, viewerId, read), viewerId)
    },

    /**
     * REST's page (`GET /api/produits`): the page with its products' variants, kept as one
     * answer (same lifetime, emptied with the others), so a kept page reads nothing.
     */
    async productPageWithVariants(args: ProductQuery, viewerId: number | null) {
      const { key, read } = publicPage(args)
      const result = await shared(`page+variants ${key}`, viewerId, async (from) => {
        const page = await shared(`page ${key}`, viewerId, read)
        return { ...page, data: await withVariants(page.data, from) }
      })
      return withLikesOnPage(result, viewerId)
    },

    /** REST's product (`GET /api/produits/{id}`) with its variants, kept as the page is. */
    async productWithVariants(id: unknown, viewerId: number | null) {
      const wanted = checkId(id, 'id')
      const product = await shared(`product+variants ${wanted}`, viewerId, async (from) => {
        return (await withVariants([await publicProduct(wanted, viewerId)], from))[0]!
      })
      return (await withLikes([product], viewerId))[0]!
    },

    /** REST's most viewed (`GET /api/produitplusvus`) with their variants, kept as the page is. */
    async mostViewedWithVariants(viewerId: number | null) {
      const products = await shared(`most-viewed+variants ${MOST_VIEWED}`, viewerId, async (from) => withVariants(await publicMostViewed(viewerId), from))
      return withLikes(products, viewerId)
    },

    async product(id: unknown, viewerId: number | null) {
      return (await withLikes([await publicProduct(checkId(id, 'id'), viewerId)], viewerId))[0]!
    },

    async similarPage(args: { page?: number | null; count?: number | null; produit_id?: number | null }, viewerId: number | null) {
      const page = pageArgs(args)
      if (args.produit_id == null) {
        // Without a reference product, "similar" falls back to what shoppers look at most.
        const products = await shared(`most-viewed ${page.count}`, viewerId, async (from) => (await from.mostViewed(page.count)).map(toProduit))
        return withLikesOnPage(toPage(products, products.length, { ...page, page: 1, offset: 0 }), viewerId)
      }
      const produitId = checkId(args.produit_id, 'produit_id')
      const result = await shared(`similar ${JSON.stringify([produitId, page.page, page.count])}`, viewerId, async (from) => {
        const found = await from.similarPage(produitId, page)
        return found ? toPage(found.rows.map(toProduit), found.total, page) : null
      })
      if (!result) throw notFound(MESSAGES.productNotFound)
      return withLikesOnPage(result, viewerId)
    },

    async mostViewed(viewerId: number | null) {
      return withLikes(await publicMostViewed(viewerId), viewerId)
    },

    /**
     * The catalogue's upkeep, at start and then every few minutes (catalogue.plugin.ts): the best
     * sellers' units rebuilt (ADR 035), the grids' counts folded into one row per key (ADR 039).
     */
    async upkeep() {
      await repo.refreshBestSellers(BEST_SELLERS_DAYS, countsAsSale)
      await repo.foldCatalogueCounts()
      vocabulary = buildVocabulary(await repo.catalogueWords(VOCABULARY_MAX_WORDS))
    },

    /**
     * Searches to try when `q` finds nothing (issue 19 §2): its words that no product's name
     * holds, spelled as the nearest words that one does (spelling.ts). At most three.
     */
    spellings(q: string): string[] {
      if (q.length > MAX_SEARCH_LENGTH) throw badInput(undefined, { q: [MESSAGES.textTooLong(MAX_SEARCH_LENGTH)] })
      return suggestSpellings(vocabulary, q)
    },

    /** Counts once per visitor, product and hour, so that reloading (or a script) moves nothing. */
    async recordView(id: unknown, viewer: Viewer) {
      const produitId = checkId(id, 'produit_id')
      if (Date.now() - lastPurge > VIEW_PURGE_EVERY_MS) {
        lastPurge = Date.now()
        await repo.purgeViews()
      }
      if (!(await repo.recordView(produitId, visitorOf(viewer)))) throw notFound(MESSAGES.productNotFound)
      return true
    },

    categories() {
      // Nobody's own (only the back office writes them, and its writes fence the replica): the
      // categories, slides and preferences are read as every visitor's, signed in or not.
      return shared('categories', null, async (from) => toCategories(await from.categoryTree()))
    },

    async category(id: unknown) {
      const wanted = checkId(id, 'id')
      const category = (await this.categories()).find((c) => c.id === wanted)
      if (!category) throw notFound(MESSAGES.categoryNotFound)
      return category
    },

    subcategories(id?: unknown) {
      const wanted = id === undefined ? undefined : checkId(id, 'id')
      return shared(`subcategories ${wanted ?? ''}`, null, async (from) => (await from.subcategories(wanted)).map(toSouscategorie))
    },

    slides() {
      // A slide is its picture: one stored before the checks on writes with no key to show is left out.
      return shared('slides', null, async (from) => (await from.slides()).filter((slide) => isMediaKey(slide.image)).map(toCaroussel))
    },

    preferences() {
      return shared('preferences', null, async (from) => {
        const row = await from.preferences()
        return row ? toPreferences(row) : null
      })
    },
  }
}

export type CatalogueService = ReturnType<typeof createCatalogueService>
