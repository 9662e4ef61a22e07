// Placing and moving orders (DESIGN §5): the cart read, the conditional stock decrement, the
// order and its lines, idempotency keys, state changes guarded by the current state, stock
// given back. Every method runs on the executor it is given, so a whole order is one
// transaction (`orderTransaction`).
import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import {
  commandes,
  depots,
  detailCommandes,
  idempotencyKeys,
  modelivraisons,
  modepaiements,
  paiements,
  panierProduits,
  paniers,
  pointsFidelite,
  privilegeRecompenses,
  privileges,
  produits,
  typerecompenses,
  zonesLivraison,
} from '../../db/schema.ts'
import { createLoyaltyLedger, type LoyaltyLedger } from '../loyalty/loyalty-ledger.repository.ts'

/** States in which an unpaid online order still holds its stock until it expires. */
export const UNPAID_STATES = ['en_attente_paiement', 'echec_paiement'] as const

/** What a state change may set besides the state: the delivery date, a restarted expiry. */
export type StateChanges = Partial<Pick<typeof commandes.$inferInsert, 'dateliv' | 'expiresAt'>>

export function createOrderWritesRepository(db: Executor) {
  return {
    async deliveryMode(id: number) {
      const [row] = await db.select().from(modelivraisons).where(eq(modelivraisons.id, id)).limit(1)
      return row
    },
    async paymentMode(id: number) {
      const [row] = await db.select().from(modepaiements).where(and(eq(modepaiements.id, id), eq(modepaiements.actif, true))).limit(1)
      return row
    },
    async depot(id: number) {
      const [row] = await db.select().from(depots).where(eq(depots.id, id)).limit(1)
      return row
    },
    async zone(designation: string) {
      const [row] = await db.select().from(zonesLivraison).where(eq(zonesLivraison.designation, designation)).limit(1)
      return row
    },

    /** The rewards of the highest tier the client's points reach. */
    async rewards(clientId: number) {
      const balance = sql<number>`coalesce((select sum(${pointsFidelite.points}) from ${pointsFidelite} where ${pointsFidelite.clientId} = ${clientId}), 0)`
      const [tier] = await db.select({ id: privileges.id }).from(privileges).where(lte(privileges.point, balance)).orderBy(desc(privileges.point)).limit(1)
      if (!tier) return []
      return db
        .select({ code: typerecompenses.code, valeur: privilegeRecompenses.valeur })
        .from(privilegeRecompenses)
        .innerJoin(typerecompenses, eq(typerecompenses.id, privilegeRecompenses.typerecompenseId))
        .where(eq(privilegeRecompenses.privilegeId, tier.id))
    },

    /** The cart's lines with today's prices, in product order (the order rows are locked in). */
    async cartLines(clientId: number) {
      return db
        .select({ produitId: produits.id, designation: produits.designation, quantite: panierProduits.quantite, prix: produits.prix })
        .from(panierProduits)
        .innerJoin(paniers, eq(paniers.id, panierProduits.panierId))
        .innerJoin(produits, eq(produits.id, panierProduits.produitId))
        .where(and(eq(paniers.clientId, clientId), eq(produits.actif, true)))
        .orderBy(asc(produits.id))
    },

    /** Takes `quantite` from the stock if that much is there; false otherwise. */
    async takeStock(produitId: number, quantite: number): Promise<boolean> {
      const rows = await db
        .update(produits)
        .set({ quantite: sql`${produits.quantite} - ${quantite}` })
        .where(and(eq(produits.id, produitId), sql`${produits.quantite} >= ${quantite}`))
        .returning({ id: produits.id })
      return rows.length === 1
    },
    async stock(produitId: number): Promise<number> {
      const [row] = await db.select({ quantite: produits.quantite }).from(produits).where(eq(produits.id, produitId))
      return row?.quantite ?? 0
    },

    async insertOrder(values: typeof commandes.$inferInsert) {
      const [row] = await db.insert(commandes).values(values).returning()
      return row!
    },
    async insertLines(rows: Array<typeof detailCommandes.$inferInsert>) {
      if (rows.length) await db.insert(detailCommandes).values(rows)
    },
    async emptyCart(clientId: number) {
      await db.delete(panierProduits).where(sql`${panierProduits.panierId} in (select ${paniers.id} from ${paniers} where ${paniers.clientId} = ${clientId})`)
    },

    async idempotencyKey(clientId: number, key: string) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, key)))
        .limit(1)
      return row
    },
    async saveIdempotencyKey(values: typeof idempotencyKeys.$inferInsert) {
      await db.insert(idempotencyKeys).values(values)
    },

    async orderByNumero(numero: string) {
      const [row] = await db.select().from(commandes).where(eq(commandes.numerocommande, numero)).limit(1)
      return row
    },

    /**
     * The order, its row locked until the transaction ends: whoever changes an order's state
     * from a decision about it (a payment, the back office, the expiry sweep) locks it first,
     * so decisions about one order are taken one after the other.
     */
    async lockOrder(where: { id: number } | { numero: string }) {
      const [row] = await db
        .select()
        .from(commandes)
        .where('id' in where ? eq(commandes.id, where.id) : eq(commandes.numerocommande, where.numero))
        .limit(1)
        .for('update')
      return row
    },

    /** Moves an order from `from` to `to` only if it is still in `from`; false when it was not. */
    async moveState(orderId: number, from: string, to: string, changes: StateChanges = {}): Promise<boolean> {
      const rows = await db
        .update(commandes)
        .set({ ...changes, etat: to, updatedAt: new Date() })
        .where(and(eq(commandes.id, orderId), eq(commandes.etat, from)))
        .returning({ id: commandes.id })
      return rows.length === 1
    },

    /** Puts an order's quantities back in stock. */
    async giveStockBack(orderId: number) {
      await db.execute(sql`update ${produits} set quantite = ${produits.quantite} + d.quantite
        from ${detailCommandes} d where d.commande_id = ${orderId} and ${produits.id} = d.produit_id`)
    },

    /** Marks the order's paid attempts as owed back to the customer; how many there were. */
    async owePaidAttempts(orderId: number): Promise<number> {
      const rows = await db
        .update(paiements)
        .set({ statut: 'a_rembourser', updatedAt: new Date() })
        .where(and(eq(paiements.commandeId, orderId), eq(paiements.statut, 'payee')))
        .returning({ id: paiements.id })
      return rows.length
    },

    /** Unpaid online orders (waiting, or after a failed payment) past their expiry. */
    async unpaidBefore(now: Date) {
      return db
        .select({ id: commandes.id, etat: commandes.etat })
        .from(commandes)
        .where(and(inArray(commandes.etat, [...UNPAID_STATES]), lt(commandes.expiresAt, now)))
        .orderBy(asc(commandes.id))
        .limit(500)
    },
  }
}

export type OrderWritesRepository = ReturnType<typeof createOrderWritesRepository>

/** Runs `fn` in one transaction with the repository bound to it. */
export type OrderTransaction = <T>(fn: (repo: OrderWritesRepository) => Promise<T>) => Promise<T>

export const orderTransaction =
  (db: Executor): OrderTransaction =>
  (fn) =>
    db.transaction((tx) => fn(createOrderWritesRepository(tx)))

/** A back-office state change: the order and, for a delivery, the loyalty ledger, in one transaction. */
export type OrderStatusTransaction = <T>(fn: (repos: { orders: OrderWritesRepository; loyalty: LoyaltyLedger }) => Promise<T>) => Promise<T>

export const orderStatusTransaction =
  (db: Executor): OrderStatusTransaction =>
  (fn) =>
    db.transaction((tx) => fn({ orders: createOrderWritesRepository(tx), loyalty: createLoyaltyLedger(tx) }))
