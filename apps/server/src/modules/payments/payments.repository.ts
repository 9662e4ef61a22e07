// Payment modes offered at checkout, payment attempts and the provider events already
// processed (DESIGN §6). Attempt and event writes run in the caller's transaction, next to the
// order they move (`paymentTransaction`).
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { commandes, modepaiements, paiements, paymentEvents } from '../../db/schema.ts'
import { createOrderWritesRepository, type OrderWritesRepository } from '../orders/orders-writes.repository.ts'

/**
 * An attempt is `en_cours` until its provider says; then `payee`, `echouee`, or `a_rembourser`
 * when the money came for an order that could no longer take it (cancelled, expired, already
 * paid): someone must give it back.
 */
export type AttemptStatus = 'en_cours' | 'payee' | 'echouee' | 'a_rembourser'

export function createPaymentsRepository(db: Executor) {
  return {
    modes: () => db.select().from(modepaiements).where(eq(modepaiements.actif, true)).orderBy(asc(modepaiements.id)),

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

    /** Records a provider event; false when it was already recorded (a replay). */
    async recordEvent(provider: string, eventId: string, payload: unknown): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ provider, eventId, payload })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id })
      return rows.length === 1
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>

/** Runs `fn` in one transaction with the order and payment repositories bound to it. */
export type PaymentTransaction = <T>(fn: (repos: { orders: OrderWritesRepository; payments: PaymentsRepository }) => Promise<T>) => Promise<T>

export const paymentTransaction =
  (db: Executor): PaymentTransaction =>
  (fn) =>
    db.transaction((tx) => fn({ orders: createOrderWritesRepository(tx), payments: createPaymentsRepository(tx) }))
