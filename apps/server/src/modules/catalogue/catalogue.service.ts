// Catalogue rules: which products a shopper sees, on which page and in which order, and how
// views are counted (spec §3); the shapes of the answers are catalogue.format.ts.
import { createHmac, randomBytes } from 'node:crypto'
import { MESSAGES } from '@teranga/shared/messages'
import { idSchema } from '@teranga/shared/schemas'
import { badInput, notFound } from '../../lib/errors.ts'
import { pageArgs, toPage } from '../../lib/pagination.ts'
import type { CatalogueRepository } from './catalogue.repository.ts'
import { toCaroussel, toCategories, toPreferences, toProduit, toSouscategorie } from './catalogue.format.ts'

/** How many products « Les plus consultés » shows. */
export const MOST_VIEWED = 10
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
}

export function createCatalogueService(repo: CatalogueRepository) {
  let lastPurge = 0
  return {
    async productPage(args: ProductQuery, viewerId: number | null) {
      const page = pageArgs(args)
      const souscategorieId = args.categorie_id == null ? null : checkId(args.categorie_id, 'categorie_id')
      if (args.designation && args.designation.length > MAX_SEARCH_LENGTH) {
        throw badInput(undefined, { designation: [MESSAGES.textTooLong(MAX_SEARCH_LENGTH)] })
      }
      const { rows, total } = await repo.productPage({ userId: viewerId, souscategorieId, search: args.designation }, page)
      return toPage(rows.map(toProduit), total, page)
    },

    async product(id: unknown, viewerId: number | null) {
      const row = await repo.productById(checkId(id, 'id'), viewerId)
      if (!row) throw notFound(MESSAGES.productNotFound)
      return toProduit(row)
    },

    async similarPage(args: { page?: number | null; count?: number | null; produit_id?: number | null }, viewerId: number | null) {
      const page = pageArgs(args)
      if (args.produit_id == null) {
        // Without a reference product, "similar" falls back to what shoppers look at most.
        const rows = await repo.mostViewed(viewerId, page.count)
        return toPage(rows.map(toProduit), rows.length, { ...page, page: 1, offset: 0 })
      }
      const result = await repo.similarPage(checkId(args.produit_id, 'produit_id'), viewerId, page)
      if (!result) throw notFound(MESSAGES.productNotFound)
      return toPage(result.rows.map(toProduit), result.total, page)
    },

    async mostViewed(viewerId: number | null) {
      return (await repo.mostViewed(viewerId, MOST_VIEWED)).map(toProduit)
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

    async categories() {
      return toCategories(await repo.categoryTree())
    },

    async category(id: unknown) {
      const wanted = checkId(id, 'id')
      const category = (await this.categories()).find((c) => c.id === wanted)
      if (!category) throw notFound(MESSAGES.categoryNotFound)
      return category
    },

    async subcategories(id?: unknown) {
      return (await repo.subcategories(id === undefined ? undefined : checkId(id, 'id'))).map(toSouscategorie)
    },

    async slides() {
      return (await repo.slides()).map(toCaroussel)
    },

    async preferences() {
      const row = await repo.preferences()
      return row ? toPreferences(row) : null
    },
  }
}

export type CatalogueService = ReturnType<typeof createCatalogueService>
