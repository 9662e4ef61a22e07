// The server under the orders benchmark, in its own process: the real app on a fresh
// database (the embedded PostgreSQL default, or the external server BENCH_DATABASE_URL names),
// with BENCH_CUSTOMERS customers who each hold an API token and a 3-line cart, so that every
// measured request places one order through the whole path (cart read, conditional stock
// decrements, amounts, order, lines). BENCH_INSTANCES=2 starts a second instance on the same
// database, in a process of its own, as a second server would run.
import { randomBytes } from 'node:crypto'
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { asc, eq, sql } from 'drizzle-orm'
import { apiTokens, clients, panierProduits, paniers, produits, roles } from '../src/db/schema.ts'
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

// Enough stock that no order is refused: the benchmark measures placement, not 409s.
await database.db.update(produits).set({ quantite: 1_000_000 })
const productIds = (await database.db.select({ id: produits.id }).from(produits).orderBy(asc(produits.id))).map((p) => p.id)

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
  // Three different products per cart, spread over the catalogue (orders overlap on some).
  await database.db.insert(panierProduits).values(
    carts.flatMap((cart, i) =>
      Array.from({ length: LINES_PER_CART }, (_, line) => ({
        panierId: cart.id,
        produitId: productIds[(start + i + line * 7) % productIds.length]!,
        quantite: 1 + line,
      })),
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
