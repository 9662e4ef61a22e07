// Payment modes offered at checkout, payment attempts and the provider events already
// processed (DESIGN §6). Attempt and event writes run in the caller's transaction, next to the
// order they move (the order lifecycle's).
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { PAY_ON_DELIVERY } from '@teranga/shared/constants'
import { NOT_A_SALE_STATUSES, PAYMENT_RECEIVED_STATUSES } from '@teranga/shared/payment-labels'
import type { Executor } from '../../db/client.ts'
import { intArray } from '../../db/sql.ts'
import { commandes, modepaiements, paiements, paymentEvents } from '../../db/schema.ts'

/**
 * An attempt is `en_cours` until its provider says; then `payee`, `echouee`, or `a_rembourser`
 * when the money came for an order that could no longer take it (cancelled, expired, already
 * paid): someone must give it back.
 */
export type AttemptStatus = 'en_cours' | 'payee' | 'echouee' | 'a_rembourser' | 'remboursee'

export function createPaymentsRepository(db: Executor) {
  return {
    modes: () => db.select().from(modepaiements).where(eq(modepaiements.actif, true)).orderBy(asc(modepaiements.position), asc(modepaiements.id)),

    /** A payment mode on offer, by id (paying again another way). */
    async activeMode(id: number) {
      const [row] = await db.select({ id: modepaiements.id, code: modepaiements.code }).from(modepaiements).where(and(eq(modepaiements.id, id), eq(modepaiements.actif, true)))
      return row
    },

    /** An order with its payment mode's code: what starting a payment needs to know. */
    async orderForPayment(numero: string) {
      const [row] = await db
        .select({ order: commandes, mode: modepaiements.code })
        .from(commandes)
        .innerJoin(modepaiements, eq(modepaiements.id, commandes.modepaiementId))
        .where(eq(commandes.numerocommande, numero))
        .limit(1)
      return row
    },

    async attempts(orderId: number) {
      return db.select().from(paiements).where(eq(paiements.commandeId, orderId)).orderBy(desc(paiements.id))
    },
    async attemptCount(orderId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(paiements).where(eq(paiements.commandeId, orderId))
      return row?.n ?? 0
    },
    async attemptByRef(provider: string, providerRef: string) {
      const [row] = await db
        .select()
        .from(paiements)
        .where(and(eq(paiements.provider, provider), eq(paiements.providerRef, providerRef)))
        .limit(1)
      return row
    },
    async latestAttempt(orderId: number) {
      const [row] = await db.select().from(paiements).where(eq(paiements.commandeId, orderId)).orderBy(desc(paiements.id)).limit(1)
      return row
    },
    async insertAttempt(values: typeof paiements.$inferInsert & { statut: AttemptStatus }) {
      const [row] = await db.insert(paiements).values(values).returning()
      return row!
    },
    /** Marks the order's paid attempts as owed back to the customer (the order is cancelled); how many there were. */
    async owePaid(orderId: number): Promise<number> {
      const rows = await db
        .update(paiements)
        .set({ statut: 'a_rembourser', updatedAt: new Date() })
        .where(and(eq(paiements.commandeId, orderId), eq(paiements.statut, 'payee')))
        .returning({ id: paiements.id })
      return rows.length
    },
    /** The money the order's attempts brought, paid or owed back, is given back (the order is refunded); how many there were. */
    async markRefunded(orderId: number): Promise<number> {
      const rows = await db
        .update(paiements)
        .set({ statut: 'remboursee', updatedAt: new Date() })
        .where(and(eq(paiements.commandeId, orderId), inArray(paiements.statut, ['payee', 'a_rembourser'])))
        .returning({ id: paiements.id })
      return rows.length
    },
    /** The order's latest attempt that brought the money (packages/shared `isPaymentReceived`), if any. */
    async receivedAttempt(orderId: number) {
      const [row] = await db
        .select()
        .from(paiements)
        .where(and(eq(paiements.commandeId, orderId), inArray(paiements.statut, [...PAYMENT_RECEIVED_STATUSES])))
        .orderBy(desc(paiements.id))
        .limit(1)
      return row
    },
    /** Each order's attempt that says most about it: the latest that brought the money, else the latest. */
    async shownAttempts(orderIds: number[]) {
      if (orderIds.length === 0) return []
      const result = await db.execute(sql`select distinct on (pa.commande_id) pa.commande_id, pa.provider, pa.statut, pa.montant from ${paiements} pa
        where pa.commande_id = any(${intArray(orderIds)})
        order by pa.commande_id, ${RECEIVED(sql`pa.statut`)} desc, pa.id desc`)
      return (result as unknown as { rows: Array<{ commande_id: number; provider: string; statut: string; montant: number }> }).rows
    },

    /** A reserved attempt (no provider yet) gets its checkout session, if it is still open; false when it is not. */
    async openAttempt(attemptId: number, session: { providerRef: string; providerToken: string | null; checkoutUrl: string }): Promise<boolean> {
      const rows = await db
        .update(paiements)
        .set({ ...session, updatedAt: new Date() })
        .where(and(eq(paiements.id, attemptId), eq(paiements.statut, 'en_cours')))
        .returning({ id: paiements.id })
      return rows.length === 1
    },

    /** A reservation the provider never opened (it refused or failed) is no attempt: it goes. */
    async dropReservation(attemptId: number) {
      await db.delete(paiements).where(and(eq(paiements.id, attemptId), sql`${paiements.providerRef} is null`, eq(paiements.statut, 'en_cours')))
    },

    /** The payment mode of `orderId`, by its code. */
    async orderModeCode(orderId: number): Promise<string | undefined> {
      const [row] = await db.select({ code: modepaiements.code }).from(commandes).innerJoin(modepaiements, eq(modepaiements.id, commandes.modepaiementId)).where(eq(commandes.id, orderId))
      return row?.code
    },

    /** The first mode on offer among `codes` (an attempt opened before migration 0026 does not name its mode). */
    async modeAmong(codes: string[]): Promise<number | undefined> {
      if (codes.length === 0) return undefined
      const [row] = await db.select({ id: modepaiements.id }).from(modepaiements).where(inArray(modepaiements.code, codes)).orderBy(desc(modepaiements.actif), asc(modepaiements.position), asc(modepaiements.id)).limit(1)
      return row?.id
    },

    /** Sets an attempt's status only if it is still one of `from`; false when it was not. */
    async setAttemptStatus(attemptId: number, from: AttemptStatus[], to: AttemptStatus): Promise<boolean> {
      const rows = await db
        .update(paiements)
        .set({ statut: to, updatedAt: new Date() })
        .where(and(eq(paiements.id, attemptId), inArray(paiements.statut, from)))
        .returning({ id: paiements.id })
      return rows.length === 1
    },

    async eventSeen(provider: string, eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
        .limit(1)
      return row !== undefined
    },

    /**
     * Keeps only what the books need of the events about a client's orders (ids, amounts,
     * outcomes): the payer's phone, name and anything else the provider sent go.
     */
    async scrubClientEvents(clientId: number) {
      const field = (path: string) => sql.raw(`'${path}', ${paymentEventsPayload(path)}`)
      await db
        .update(paymentEvents)
        .set({
          payload: sql`jsonb_strip_nulls(jsonb_build_object(${field('id')}, ${field('type')}, ${field('type_event')}, ${field('ref_command')},
            ${field('item_price')}, ${field('currency')}, 'data', case when payment_events.payload ? 'data' then jsonb_strip_nulls(jsonb_build_object(
              'id', payment_events.payload->'data'->'id', 'amount', payment_events.payload->'data'->'amount',
              'currency', payment_events.payload->'data'->'currency', 'payment_status', payment_events.payload->'data'->'payment_status',
              'checkout_status', payment_events.payload->'data'->'checkout_status')) end, 'scrubbed', true))`,
        })
        .where(inArray(paymentEvents.commandeId, db.select({ id: commandes.id }).from(commandes).where(eq(commandes.clientId, clientId))))
    },

    /** Records a provider event; false when it was already recorded (a replay). */
    async recordEvent(provider: string, eventId: string, payload: unknown, commandeId: number): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ provider, eventId, payload, commandeId })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id })
      return rows.length === 1
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>

/** Whether the attempt state `statut` (a column or value) brought the money: packages/shared's word, in SQL. */
export const RECEIVED = (statut: SQL) => sql`(${statut} in (${sql.join(PAYMENT_RECEIVED_STATUSES.map((s) => sql`${s}`), sql`, `)}))`

/**
 * Reads of `paiements` by the order `orderId` (a column of the caller's statement), for other
 * modules' lists: whether money is owed back to the customer (on the partial index of the
 * attempts owed back), and the amount the latest attempt that brought the money brought.
 */
export const paymentColumns = {
  owedBack: (orderId: SQL) => sql`exists (select 1 from ${paiements} pa where pa.commande_id = ${orderId} and pa.statut = 'a_rembourser')`,
  receivedAmount: (orderId: SQL) =>
    sql`(select pa.montant from ${paiements} pa where pa.commande_id = ${orderId} and ${RECEIVED(sql`pa.statut`)} order by pa.id desc limit 1)`,
  /**
   * How many of the order `orderId`'s attempts failed after `since` (the owner's alerts, ADR 062:
   * recent failures only, on the attempts' index by order, so that the caller filters its orders first).
   */
  failedSince: (orderId: SQL, since: Date) =>
    sql`(select count(*)::int from ${paiements} pa where pa.commande_id = ${orderId} and pa.statut = 'echouee' and pa.updated_at > ${since.toISOString()}::timestamptz)`,
  /**
   * Whether money came, or comes on delivery, for the order `o`: an attempt brought it, or the
   * order is paid on delivery (the sales report, ADR 059, counts the latter once delivered).
   */
  paidOrCash: (o: SQL) =>
    sql`(exists (select 1 from ${paiements} pa where pa.commande_id = ${o}.id and ${RECEIVED(sql`pa.statut`)})
      or ${o}.modepaiement_id in (select mp.id from ${modepaiements} mp where mp.code = ${PAY_ON_DELIVERY}))`,
  /**
   * Whether the order `o` (an alias of `commandes` in the caller's statement) counts as a sale,
   * the one rule of ADR 050: paid (an attempt brought the money, or paid on delivery and
   * delivered: packages/shared `isOrderPaid`) and neither cancelled nor refunded in full.
   */
  countsAsSale: (o: SQL) =>
    sql`(${o}.etat not in (${sql.join(NOT_A_SALE_STATUSES.map((s) => sql`${s}`), sql`, `)})
      and (exists (select 1 from ${paiements} pa where pa.commande_id = ${o}.id and ${RECEIVED(sql`pa.statut`)})
        or (${o}.etat = 'livree' and ${o}.modepaiement_id in (select mp.id from ${modepaiements} mp where mp.code = ${PAY_ON_DELIVERY}))))`,
}

const paymentEventsPayload = (key: string) => `payment_events.payload->'${key}'`
