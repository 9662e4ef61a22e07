// Payment modes offered at checkout, payment attempts and the provider events already
// processed (DESIGN §6). Attempt and event writes run in the caller's transaction, next to the
// order they move (the order lifecycle's).
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
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

const paymentEventsPayload = (key: string) => `payment_events.payload->'${key}'`
