// SQL of the discount codes (issue 19 §1): the back office's list with each code's uses and the
// sales of its orders, and, in the order's transaction, the code read with the customer's past
// uses, its use taken only below its limit, and given back when the order is cancelled.
import { desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { intArray } from '../../db/sql.ts'
import { codesPromo, commandes, souscategories } from '../../db/schema.ts'
import type { PageArgs } from '../../lib/pagination.ts'
import { paymentsOfOrder } from '../payments/payment-ledger.service.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export type CodeRow = typeof codesPromo.$inferSelect

/** `q` as a LIKE pattern's literal text: its `%`, `_` and `\` match themselves (the page and its count alike). */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * A phone number's key: its last nine digits, a Senegalese number's national part however it
 * was typed (« 77 123 45 67 », « +221 77… », « 00221 77… »); the same expression as the index
 * `commandes_tel_key_idx` (migration 0027).
 */
const phoneKeyOf = (column: unknown) => sql`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 9)`

/** The code text of the order row `orderCodeId` (a column of the caller's statement), or null. */
export const codeOfOrder = (orderCodeId: unknown) => sql<string | null>`(select cp.code from ${codesPromo} cp where cp.id = ${orderCodeId})`

/** The same key, of a number typed by a person (null without digits). */
export const phoneKey = (tel: string | null | undefined) => (tel ?? '').replace(/[^0-9]/g, '').slice(-9) || null

/**
 * What the orders placed with the code `cp` brought and what the code gave them, over the orders
 * that count as sales (the payments module's one rule, ADR 050); totals as stored on the orders.
 */
const salesOfCode = sql`left join lateral (select sum(c.montant_total) as ventes, sum(c.remise_code) as remises
  from ${commandes} c where c.codepromo_id = cp.id and ${paymentsOfOrder.countsAsSale(sql`c`)}) s on true`

export function createPromotionsRepository(db: Executor) {
  return {
    /** A page of codes, newest first, with the sales of their orders and the discounts those had. */
    async page(page: PageArgs, q?: string) {
      const result = await db.execute(sql`select cp.*, count(*) over() as total,
          coalesce(s.ventes, 0)::int as ventes, coalesce(s.remises, 0)::int as remises
        from ${codesPromo} cp
        ${salesOfCode}
        ${q ? sql`where upper(cp.code) like '%' || upper(${escapeLike(q)}) || '%'` : sql``}
        order by cp.id desc limit ${page.count} offset ${page.offset}`)
      return rowsOf<Record<string, unknown>>(result)
    },
    async count(q?: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(codesPromo)
        .where(q ? sql`upper(${codesPromo.code}) like '%' || upper(${escapeLike(q)}) || '%'` : undefined)
      return row?.n ?? 0
    },
    async one(id: number) {
      const result = await db.execute(sql`select cp.*, 1 as total,
          coalesce(s.ventes, 0)::int as ventes, coalesce(s.remises, 0)::int as remises
        from ${codesPromo} cp
        ${salesOfCode}
        where cp.id = ${id}`)
      return rowsOf<Record<string, unknown>>(result)[0]
    },
    async lock(id: number) {
      const [row] = await db.select().from(codesPromo).where(eq(codesPromo.id, id)).for('update')
      return row
    },
    async insert(values: typeof codesPromo.$inferInsert) {
      const [row] = await db.insert(codesPromo).values(values).returning({ id: codesPromo.id })
      return row!.id
    },
    async update(id: number, values: Partial<typeof codesPromo.$inferInsert>) {
      await db.update(codesPromo).set({ ...values, updatedAt: sql`now()` }).where(eq(codesPromo.id, id))
    },
    async existingSubcategories(ids: number[]) {
      const rows = await db.select({ id: souscategories.id }).from(souscategories).where(sql`${souscategories.id} = any(${intArray(ids)})`)
      return new Set(rows.map((r) => r.id))
    },
    async newest(limit: number) {
      return db.select().from(codesPromo).orderBy(desc(codesPromo.id)).limit(limit)
    },

    /**
     * The code `code` (any case) with what its rules need to know of the customer, in one
     * statement: their orders with it and whether they have any order, neither cancelled, or
     * anyone has one to the phone number of key `phoneKey` (a first order is a number's first
     * too). The customer's row is locked by the placing transaction, so their own orders cannot race.
     */
    async forCustomer(code: string, clientId: number, phoneKey: string | null) {
      const result = await db.execute(sql`select cp.id, cp.code, cp.type, cp.valeur, cp.minimum, cp.debut, cp.fin, cp.actif,
          cp.utilisations_max, cp.utilisations, cp.par_client, cp.premiere_commande, cp.souscategories,
          (select count(*)::int from ${commandes} c where c.codepromo_id = cp.id and c.client_id = ${clientId} and c.etat <> 'annulee') as mine,
          (exists(select 1 from ${commandes} c where c.client_id = ${clientId} and c.etat <> 'annulee')
            ${phoneKey ? sql`or exists(select 1 from ${commandes} c where ${phoneKeyOf(sql`c.tel`)} = ${phoneKey} and c.etat <> 'annulee')` : sql``}) as ordered
        from ${codesPromo} cp where upper(cp.code) = upper(${code})`)
      return rowsOf<{
        id: number
        code: string
        type: string
        valeur: number
        minimum: number
        debut: string | Date | null
        fin: string | Date | null
        actif: boolean
        utilisations_max: number | null
        utilisations: number
        par_client: number | null
        premiere_commande: boolean
        souscategories: number[] | null
        mine: number
        ordered: boolean
      }>(result)[0]
    },

    /**
     * Takes one use of the code, only below its limit: concurrent orders wait on the code's row
     * and each sees the count the previous one committed, so a code of 10 uses gives exactly 10.
     */
    async takeUse(id: number): Promise<boolean> {
      const result = await db.execute(sql`update ${codesPromo} set utilisations = utilisations + 1
        where id = ${id} and (utilisations_max is null or utilisations < utilisations_max)`)
      return (result as unknown as { rowCount: number | null }).rowCount === 1
    },
    async giveUseBack(id: number) {
      await db.execute(sql`update ${codesPromo} set utilisations = greatest(utilisations - 1, 0) where id = ${id}`)
    },
  }
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>
