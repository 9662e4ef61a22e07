// Vendure 3 under `npm run bench:vendure` (vendure.bench.ts), in its own process: installed from
// npm into a scratch folder (VENDURE_DIR, loaded from there, never from the shop's dependencies),
// on a fresh database of the same PostgreSQL server as the shop (VENDURE_DATABASE_URL), with its
// DefaultSearchPlugin. It loads its initial data (a country, a tax rate, a shipping method) and
// VENDURE_PRODUCTS products from a CSV through Vendure's own importer (`populate`, the way
// `@vendure/create` seeds a new shop), rebuilds the search index, waits until the index holds
// every product, then listens on a free loopback port and tells its parent.
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { freePort } from '../src/lib/auth-emulator.ts'

const dir = process.env.VENDURE_DIR!
const databaseUrl = new URL(process.env.VENDURE_DATABASE_URL!)
const products = Number(process.env.VENDURE_PRODUCTS ?? 1000)
const port = await freePort()

// Vendure writes its own files (an installation id) in the working directory: the scratch folder's.
process.chdir(dir)
// Vendure and its dependencies come from the scratch folder's node_modules.
const load = createRequire(path.join(dir, 'package.json'))
// Vendure's entities use decorator metadata.
load('reflect-metadata')

interface VendureApp {
  get(token: unknown): unknown
  close(): Promise<void>
}
/** What the bench uses of `@vendure/core` (loaded from the scratch folder, so not typed from it). */
interface VendureCore {
  bootstrap(config: object): Promise<VendureApp>
  DefaultSearchPlugin: { init(options: object): unknown }
  DefaultLogger: new (options: { level: number }) => unknown
  LogLevel: { Error: number }
  dummyPaymentHandler: { code: string }
  JobQueueService: unknown
  RequestContextService: unknown
  SearchService: unknown
}
const vendure = load('@vendure/core') as VendureCore
const { populate } = load('@vendure/core/cli') as { populate: (bootstrap: () => Promise<VendureApp>, initialData: object, csvPath?: string) => Promise<VendureApp> }

const config = {
  apiOptions: { port, hostname: '127.0.0.1', adminApiPath: 'admin-api', shopApiPath: 'shop-api' },
  authOptions: {
    tokenMethod: ['bearer', 'cookie'],
    superadminCredentials: { identifier: 'superadmin', password: 'superadmin' },
    cookieOptions: { secret: 'bench-only-cookie-secret' },
  },
  dbConnectionOptions: {
    type: 'postgres',
    // A fresh database: Vendure creates its schema, as its own quick start does.
    synchronize: true,
    logging: false,
    host: databaseUrl.hostname,
    port: Number(databaseUrl.port || 5432),
    username: decodeURIComponent(databaseUrl.username),
    password: decodeURIComponent(databaseUrl.password),
    database: decodeURIComponent(databaseUrl.pathname.slice(1)),
    schema: 'public',
  },
  paymentOptions: { paymentMethodHandlers: [vendure.dummyPaymentHandler] },
  logger: new vendure.DefaultLogger({ level: vendure.LogLevel.Error }),
  plugins: [vendure.DefaultSearchPlugin.init({ bufferUpdates: true, indexStockStatus: true })],
}

const initialData = {
  defaultLanguage: 'fr',
  defaultZone: 'Afrique',
  countries: [{ name: 'Sénégal', code: 'SN', zone: 'Afrique' }],
  taxRates: [{ name: 'Standard', percentage: 18 }],
  shippingMethods: [{ name: 'Livraison', price: 150000 }],
  paymentMethods: [{ name: 'Paiement test', handler: { code: vendure.dummyPaymentHandler.code, arguments: [{ name: 'automaticSettle', value: 'true' }] } }],
  collections: [{ name: 'Épicerie', filters: [{ code: 'facet-value-filter', args: { facetValueNames: ['Épicerie'], containsAny: true } }] }],
}

/** A product of one variant per line, in the columns Vendure's importer reads (its create tool's products.csv). */
function productsCsv(count: number): string {
  const header = 'name,slug,description,assets,facets,optionGroups,optionValues,sku,price,taxCategory,stockOnHand,trackInventory,variantAssets,variantFacets'
  const categories = ['Épicerie', 'Boissons', 'Beauté', 'Maison']
  const rows = Array.from({ length: count }, (_, i) => {
    const price = (500 + ((i * 37) % 9500)).toFixed(2)
    return [`Produit ${i + 1}`, `produit-${i + 1}`, `"Produit ${i + 1} du banc d'essai."`, '', `category:${categories[i % categories.length]}`, '', '', `BENCH-${i + 1}`, price, 'standard', '100', 'true', '', ''].join(',')
  })
  return [header, ...rows].join('\n') + '\n'
}

const csvPath = path.join(dir, `products-${products}.csv`)
await fs.writeFile(csvPath, productsCsv(products))

async function start() {
  const app = await vendure.bootstrap(config)
  // The in-memory job queue: this process runs its own jobs (the search index's updates).
  await (app.get(vendure.JobQueueService) as { start(): Promise<void> }).start()
  return app
}

const app = await populate(start, initialData, csvPath)

// Rebuild the search index, as the admin's « Reindex » does, and wait until it holds every
// product. The import's own index updates are buffered (`bufferUpdates`) and never flushed,
// so the index is empty until the rebuild fills it.
const requestContext = app.get(vendure.RequestContextService) as { create(input: { apiType: 'admin' }): Promise<unknown> }
await (app.get(vendure.SearchService) as { reindex(ctx: unknown): Promise<unknown> }).reindex(await requestContext.create({ apiType: 'admin' }))
const shopApi = `http://127.0.0.1:${port}/shop-api`
const deadline = Date.now() + 600_000
for (;;) {
  const answer = (await (
    await fetch(shopApi, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ search(input: { take: 1, groupByProduct: true }) { totalItems } }' }) })
  ).json()) as { data?: { search: { totalItems: number } } }
  if ((answer.data?.search.totalItems ?? 0) >= products) break
  if (Date.now() > deadline) throw new Error(`Vendure's search index holds ${answer.data?.search.totalItems} products of ${products} after 10 minutes`)
  await new Promise((resolve) => setTimeout(resolve, 500))
}

process.send?.({ ready: true, port })
process.on('disconnect', async () => {
  await app.close()
  process.exit(0)
})
