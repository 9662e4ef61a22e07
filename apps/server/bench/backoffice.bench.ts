// The back office's order list on 100,000 orders (issue 10): p95 of the filtered, sorted,
// paginated list as the staff uses it, budget 100 ms. Reproduce: `npm run bench:backoffice`
// (BENCH_ORDERS_TOTAL to change the size, BENCH_DATABASE_URL for an external PostgreSQL).
import { performance } from 'node:perf_hooks'
import { generateOrders, generateProducts } from '../src/db/seed-large.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import { createBackofficeOrdersRepository, type OrderFilters, type OrderSort } from '../src/modules/backoffice-orders/backoffice-orders.repository.ts'
import { openBenchDatabase } from './bench-database.ts'

const ORDERS = Number(process.env.BENCH_ORDERS_TOTAL ?? 100_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const BUDGET_MS = 100

const today = new Date().toISOString().slice(0, 10)
const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)
const CASES: Array<{ name: string; filters: OrderFilters; sort: OrderSort; dir: 'asc' | 'desc'; page?: number }> = [
  { name: 'all, newest first', filters: {}, sort: 'datecomm', dir: 'desc' },
  { name: 'all, page 50', filters: {}, sort: 'datecomm', dir: 'desc', page: 50 },
  { name: 'etat=confirmee,en_preparation', filters: { etat: ['confirmee', 'en_preparation'] }, sort: 'datecomm', dir: 'desc' },
  { name: 'last 7 days, by amount', filters: { du: weekAgo, au: today }, sort: 'montant', dir: 'desc' },
  { name: 'etat=en_attente + zone', filters: { etat: ['en_attente'], zone: 'Mermoz' }, sort: 'datecomm', dir: 'desc' },
  { name: 'q = number prefix', filters: { q: 'GEN-0000123' }, sort: 'datecomm', dir: 'desc' },
  { name: 'q = phone digits', filters: { q: '770000042' }, sort: 'datecomm', dir: 'desc' },
  { name: 'q = customer name', filters: { q: 'diop42' }, sort: 'datecomm', dir: 'desc' },
]

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!
}

async function main() {
  const bench = await openBenchDatabase(process.env.BENCH_DATABASE_URL || undefined, 2)
  try {
    await bench.database.migrate()
    await seedIfEmpty(bench.database.db)
    await generateProducts(bench.database.db, 200)
    const started = performance.now()
    await generateOrders(bench.database.db, ORDERS)
    console.log(`${ORDERS} orders generated in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    const repo = createBackofficeOrdersRepository(bench.database.db)
    const all: number[] = []
    for (const c of CASES) {
      const samples: number[] = []
      for (let i = 0; i < ROUNDS + 2; i++) {
        const t = performance.now()
        await repo.list(c.filters, c.sort, c.dir, 25, ((c.page ?? 1) - 1) * 25)
        if (i >= 2) samples.push(performance.now() - t) // two warm-up rounds
      }
      all.push(...samples)
      console.log(`${c.name.padEnd(36)} p95 ${p95(samples).toFixed(1)} ms`)
    }
    const overall = p95(all)
    console.log(`\norders list on ${ORDERS} orders: p95 ${overall.toFixed(1)} ms over ${all.length} requests (budget ${BUDGET_MS} ms) — ${overall <= BUDGET_MS ? 'OK' : 'OVER BUDGET'}`)
    console.log('reproduce: npm run bench:backoffice')
    if (overall > BUDGET_MS) process.exitCode = 1
  } finally {
    await bench.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
