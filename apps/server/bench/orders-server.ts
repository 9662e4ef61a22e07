// The server under the orders benchmark, in its own process: the real app on a fresh
// database (the embedded PostgreSQL default, or the external server BENCH_DATABASE_URL names),
// with BENCH_CUSTOMERS customers who each hold an API token and a 3-line cart of variants of
// products that have two or three (ADR 053 §9: sizes « S », « M », « L »), so that every
// measured request places one order through the whole path (cart read, conditional stock
// decrements, amounts, order, lines). BENCH_INSTANCES=2 starts a second instance on the same
// database, in a process of its own, as a second server would run.
import { randomBytes } from 'node:crypto'
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { asc, eq, sql } from 'drizzle-orm'
import { apiTokens, clients, panierLignes, paniers, produits, roles, souscategories, variantes } from '../src/db/schema.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import { hashToken } from '../src/modules/auth/auth.service.ts'
import { openBenchDatabase } from './bench-database.ts'
import { listenOrdersApp } from './orders-app.ts'

const customers = Number(process.env.BENCH_CUSTOMERS ?? 2000)
const serverUrl = process.env.BENCH_DATABASE_URL
const LINES_PER_CART = 3

const bench = await openBenchDatabase(serverUrl || undefined)
const { database, dataDir } = bench
await database.migrate()
await seedIfEmpty(database.db)

// Products with several variants: a product row (the database gives it its first variant,
// migration 0033), its option, that variant's value and the others'.
const GROUPS = 30
const SIZES = ['S', 'M', 'L']
const [sub] = await database.db.select({ id: souscategories.id }).from(souscategories).orderBy(asc(souscategories.id)).limit(1)
for (let g = 0; g < GROUPS; g++) {
  const valeurs = SIZES.slice(0, 2 + (g % 2))
  const [row] = await database.db
    .insert(produits)
    .values({ designation: `Pagne wax ${g}`, description: 'Produit du banc d’essai.', code: `BENCH-G${g}`, prix: 2000 + 100 * g, quantite: 0, unite: 'pièce', souscategorieId: sub!.id, options: [{ nom: 'Taille', valeurs }] })
    .returning({ id: produits.id })
  await database.db.update(variantes).set({ valeur1: valeurs[0]!, code: `BENCH-${g}-${valeurs[0]}` }).where(eq(variantes.produitId, row!.id))
  await database.db
    .insert(variantes)
    .values(valeurs.slice(1).map((valeur, i) => ({ produitId: row!.id, position: i + 1, valeur1: valeur, code: `BENCH-${g}-${valeur}`, prix: 2000 + 100 * g + 500 * (i + 1) })))
}
// Enough stock that no order is refused: the benchmark measures placement, not 409s.
await database.db.update(variantes).set({ quantite: 1_000_000 })
const variants = await database.db
  .select({ id: variantes.id, produitId: variantes.produitId })
  .from(variantes)
  .innerJoin(produits, eq(produits.id, variantes.produitId))
  .where(sql`${produits.nbVariantes} > 1 and ${variantes.actif}`)
  .orderBy(asc(variantes.id))

const [clientRole] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.isclient, true)).limit(1)
const tokens: string[] = []
const expiresAt = new Date(Date.now() + 86_400_000)
for (let start = 0; start < customers; start += 500) {
  const batch = Array.from({ length: Math.min(500, customers - start) }, (_, i) => start + i)
  const rows = await database.db
    .insert(clients)
    .values(batch.map((i) => ({ firebaseUid: `bench-${i}`, email: `client${i}@bench.sn`, login: `client${i}@bench.sn`, prenom: 'Awa', name: `Client ${i}`, roleId: clientRole!.id })))
    .returning({ id: clients.id })
  const batchTokens = rows.map(() => randomBytes(32).toString('base64url'))
  tokens.push(...batchTokens)
  await database.db.insert(apiTokens).values(rows.map((r, i) => ({ clientId: r.id, tokenHash: hashToken(batchTokens[i]!), expiresAt })))
  const carts = await database.db
    .insert(paniers)
    .values(rows.map((r) => ({ clientId: r.id })))
    .returning({ id: paniers.id })
  // Three different variants per cart, spread over the multi-variant products (orders overlap on some).
  await database.db.insert(panierLignes).values(
    carts.flatMap((cart, i) =>
      Array.from({ length: LINES_PER_CART }, (_, line) => {
        const variant = variants[(start + i + line * 7) % variants.length]!
        return { panierId: cart.id, produitId: variant.produitId, varianteId: variant.id, quantite: 1 + line }
      }),
    ),
  )
}
await database.db.execute(sql`analyze`)

const { server, port } = await listenOrdersApp(database, dataDir)

// BENCH_INSTANCES > 1: more instances, each in its own process, on the same database.
const others = await Promise.all(
  Array.from({ length: Number(process.env.BENCH_INSTANCES ?? 1) - 1 }, () => {
    const child = fork(fileURLToPath(new URL('./orders-instance.ts', import.meta.url)), [], {
      env: { ...process.env, BENCH_INSTANCE_DATABASE_URL: database.url },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    return new Promise<{ child: typeof child; port: number }>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve({ child, port: m.port }))
      child.once('exit', (code) => reject(new Error(`orders bench instance exited with ${code}`)))
    })
  }),
)
process.send?.({ ports: [port, ...others.map((o) => o.port)], tokens, kind: database.kind })
process.on('disconnect', async () => {
  await Promise.all(others.map((o) => new Promise((resolve) => (o.child.once('exit', resolve), o.child.disconnect()))))
  await server.close()
  await bench.close()
  process.exit(0)
})
