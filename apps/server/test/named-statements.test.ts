// Named prepared statements (ADR 070): the order path's statements whose text is the same at
// every call are named, so that PostgreSQL parses each once per connection and, after a few
// runs, keeps one plan for it instead of planning it at every order. What would undo that
// without any test failing: a list spread into parameters (a new text, a new statement, per
// length of the list), or a name given to two texts (node-postgres refuses the second).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/client.ts'
import { executeNamed } from '../src/db/sql.ts'
import { createStockLedgerRepository } from '../src/modules/stock/stock-ledger.repository.ts'
import { makeProduct } from './factories.ts'
import { createTestApp, type TestContext } from './helpers.ts'

let shop: TestContext
beforeAll(async () => {
  shop = await createTestApp()
})
afterAll(() => shop?.close())

/** The named statements of this transaction's connection whose name starts with `prefix`, with how often each was planned afresh or from its one plan. */
const preparedOn = async (tx: Db, prefix: string) =>
  (
    (await tx.execute(sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where name like ${`${prefix}\\_%`} order by name`)) as unknown as { rows: Array<{ name: string; generic: number; custom: number }> }
  ).rows

/** Runs `work` in a transaction (one connection) and rolls it back: nothing it wrote is kept. */
async function rolledBack(work: (tx: Db) => Promise<void>) {
  const undo = new Error('rolled back on purpose')
  await expect(
    shop.db.transaction(async (tx) => {
      await work(tx as unknown as Db)
      throw undo
    }),
  ).rejects.toBe(undo)
}

describe('named statements', () => {
  it("the stock ledger's take is one statement, whatever the number of lines, planned once then reused", async () => {
    const products = await Promise.all([1, 2, 3].map(() => makeProduct(shop.db, { quantite: 100 })))
    await rolledBack(async (tx) => {
      const ledger = createStockLedgerRepository(tx)
      const cause = { raison: 'vente' as const, motif: null, staffId: null, commandeId: null }
      for (let n = 0; n < 9; n++) {
        const lines = products.slice(0, (n % 3) + 1).map((p) => ({ varianteId: p.varianteId, quantite: 1 }))
        expect(await ledger.take(lines, cause)).toBe(lines.length)
      }
      const named = await preparedOn(tx, 'stock_take')
      expect(named).toHaveLength(1)
      // PostgreSQL plans a named statement afresh for its first five runs, then keeps one plan
      // when it costs no more: the last runs were not planned.
      expect(named[0]!.generic).toBeGreaterThanOrEqual(1)
      expect(named[0]!.generic + named[0]!.custom).toBe(9)
    })
  })

  it('a name given to another text runs that text as a statement of its own, on the same connection', async () => {
    await rolledBack(async (tx) => {
      expect(await executeNamed(tx, 'named_test', sql`select ${1}::int as n`)).toEqual([{ n: 1 }])
      expect(await executeNamed(tx, 'named_test', sql`select ${2}::int + 1 as n`)).toEqual([{ n: 3 }])
      expect(await executeNamed(tx, 'named_test', sql`select ${5}::int as n`)).toEqual([{ n: 5 }])
      expect(await preparedOn(tx, 'named_test')).toHaveLength(2)
    })
  })
})
