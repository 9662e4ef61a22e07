// The catalogue module: products, categories, slides and the shop's preferences, read by
// everyone. Exposes `app.catalogue` (its service) to the modules that need it.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { replicaReads } from '../../db/read-replica.ts'
import { registerRest } from '../../lib/rest.ts'
import { catalogueGraphql } from './catalogue.graphql.ts'
import { createCatalogueRepository, type SaleRule } from './catalogue.repository.ts'
import catalogueRoutes from './catalogue.routes.ts'
import { createCatalogueService, type CatalogueService } from './catalogue.service.ts'
import { watchPromotionBoundaries } from './promotion-boundaries.ts'

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService
  }
}

/** How often the best sellers' units are rebuilt from the order lines and the grids' counts folded. */
const UPKEEP_EVERY_MS = 10 * 60_000

export interface CataloguePluginOptions {
  /** How long answers every visitor sees alike are kept (the anonymous cache's TTL). */
  publicTtlMs?: number
  /** What counts as a sale, for the best sellers: the payments module's rule (ADR 050). */
  countsAsSale: SaleRule
}

async function catalogue(app: FastifyInstance, opts: CataloguePluginOptions) {
  // Anonymous reads on the read replica while it is usable (ADR 064), everything else on the primary.
  const reads = replicaReads(app.db, app.database.replica, createCatalogueRepository)
  const repo = reads.primary
  const service = createCatalogueService(repo, {
    publicRead: reads.read,
    replicated: app.database.replica != null,
    publicTtlMs: opts.publicTtlMs ?? 0,
    onLookup: app.hasDecorator('metrics') ? (hit) => app.metrics.cacheLookup('catalogue', hit) : undefined,
    countsAsSale: opts.countsAsSale,
  })
  // A catalogue write empties it at once, on every instance.
  const caches = app.hasDecorator('catalogueCaches') ? app.catalogueCaches : null
  caches?.add(service.clear)
  // The refill after a write reads the primary until the replica has replayed it (ADR 064).
  const replica = app.database.replica
  if (replica) caches?.add(() => replica.fence())
  // At each sale's start or end, the products of the variants whose sale started or ended are
  // summed again (ADR 053 §2; those of the last hour when the server starts), then the cached
  // answers are emptied (promotion-boundaries.ts). Whatever the caches' lifetime: without
  // caches the summary still has to follow the sales.
  let summedUpTo = new Date(Date.now() - 60 * 60_000)
  const boundaries = watchPromotionBoundaries({
    next: () => repo.nextPromotionBoundary(),
    clear: () =>
      void repo
        .summarizeSaleBoundaries(summedUpTo)
        .then((at) => void (summedUpTo = at))
        .catch((err: unknown) => app.log.error({ err }, 'the products of the sales that started or ended could not be summed again'))
        .finally(() => (caches ? caches.clear() : boundaries.rearm())),
    onError: (err) => app.log.error({ err }, 'next promotion boundary could not be read'),
  })
  caches?.add(boundaries.rearm)
  app.addHook('onReady', async () => boundaries.rearm())
  app.addHook('onClose', async () => boundaries.stop())
  app.decorate('catalogue', service)
  // Best sellers (ADR 035) and the grids' counts (ADR 039): rebuilt and folded when the server
  // starts, then every few minutes, by each instance (one at a time, the others wait and redo it).
  let refreshing: Promise<void> = Promise.resolve()
  let timer: ReturnType<typeof setInterval> | undefined
  const refresh = () => {
    refreshing = service.upkeep().catch((err: unknown) => app.log.error({ err }, 'catalogue upkeep failed'))
    return refreshing
  }
  app.addHook('onReady', async () => {
    await refresh()
    timer = setInterval(() => void refresh(), UPKEEP_EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await refreshing
  })
  app.addGraphqlModule(catalogueGraphql(service))
  await registerRest(app, catalogueRoutes, { service })
}

export default fp(catalogue, { name: 'catalogue', dependencies: ['database', 'graphql-modules'] })
