// Placing and moving orders (DESIGN §5): the cart read, the order and its lines, idempotency
// keys, state changes guarded by the current state, the history of every move. Every method runs
// on the executor it is given, so a whole order is one transaction (the order lifecycle's); only
// the lifecycle moves a state. The stock is the stock ledger's (modules/stock): orders ask it.
import { and, asc, eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { canTransition, UNPAID_STATUSES, type OrderActorKind, type OrderStatus } from '@teranga/shared/order-status'
import type { Executor } from '../../db/client.ts'
import { boolArray, executeNamed, intArray } from '../../db/sql.ts'
import {
  clients,
  commandes,
  depots,
  detailCommandes,
  idempotencyKeys,
  modelivraisons,
  modepaiements,
  orderHistory,
  panierLignes,
  paniers,
  produits,
  variantes,
  zonesLivraison,
} from '../../db/schema.ts'
import { variantPriceNow } from '../catalogue/product-projection.ts'

/** An order as the lifecycle moves it: its row, and its delivery mode's code, which the machine reads. */
export type OrderRow = typeof commandes.$inferSelect & { deliveryCode: string }

/** What placing an order reads of its customer with the lock on their row. */
export interface LockedCustomer {
  firebaseUid: string
}

/** What an order names: its delivery mode, payment mode, and depot or zone. */
export interface OrderChoice {
  modelivraison: number
  modepaiement: number
  depot: number | null
  zone: string | null
}

/** The delivery mode, payment mode, depot and zone an order names, null where none is. */
export interface OrderReferences {
  delivery: { id: number; code: string } | null
  payment: { id: number; code: string } | null
  depot: { id: number; adresse: string | null } | null
  zone: { id: number; designation: string; frais: number } | null
  /** Whether delivery slots are offered for pickup at the depot named, and for home delivery to the zone named (ADR 054); false without a slots provider. */
  slots_depot: boolean
  slots_zone: boolean
}

/** What a state change may set besides the state: the delivery date, a restarted expiry, what the courier collected (issue 25 §3). */
export type StateChanges = Partial<Pick<typeof commandes.$inferInsert, 'dateliv' | 'expiresAt' | 'montantEncaisse' | 'encaisseLe'>>

/** One line of an order's history, as the lifecycle writes it. */
export interface HistoryEntry {
  at: Date
  actorKind: OrderActorKind
  actorId: string | null
  reason: string | null
}

/** The outer order row's delivery mode, qualified for the same reason. */
const ORDER_ROW_DELIVERY = sql.raw('"commandes"."modelivraison_id"')

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** What the writes read of other modules' data, as SQL they give (ADR 049). */
export interface OrderWritesReads {
  /** The points balance of the customer whose id is `clientId` (the loyalty module's); 0 without it. */
  pointsOf?: ((clientId: SQL) => SQL<number>) | undefined
  /** Whether a delivery slot serves a depot's pickup (`depotId`) or a zone's home delivery (the delivery module's, ADR 054); false without it. */
  slotsOffered?: ((depotId: SQL, zoneId: SQL) => SQL<boolean>) | undefined
}

export function createOrderWritesRepository(db: Executor, reads: OrderWritesReads = {}) {
  return {
    async zone(designation: string) {
      const [row] = await db.select().from(zonesLivraison).where(eq(zonesLivraison.designation, designation)).limit(1)
      return row
    },

    /**
     * Locks the customer's row until the transaction ends (placement, account deletion and the
     * back office's points adjustments take turns on it), with what placing an order needs to
     * know, in the same statement (ADR 068): whether the account is deleted, and what the order
     * names: its delivery mode, its payment mode (if on offer), its depot or its zone, each null
     * when there is none such, and whether delivery slots are offered for that depot or zone. No
     * row when the customer does not exist. Nothing that the customer's other transactions
     * change under this lock is read here: this statement's snapshot is taken before it waits
     * for the lock (ADR 068): `cartLines`, a later statement, reads those.
     */
    async lockCustomer(clientId: number, choice: OrderChoice): Promise<(LockedCustomer & OrderReferences) | undefined> {
      const zoneId = sql`(select ${zonesLivraison.id} from ${zonesLivraison} where ${zonesLivraison.designation} = ${choice.zone}::text)`
      const rows = await executeNamed<LockedCustomer & OrderReferences>(db, 'order_lock_customer', sql`select ${clients.firebaseUid} as "firebaseUid",
        (select json_build_object('id', ${modelivraisons.id}, 'code', ${modelivraisons.code}) from ${modelivraisons}
          where ${modelivraisons.id} = ${choice.modelivraison}) as delivery,
        (select json_build_object('id', ${modepaiements.id}, 'code', ${modepaiements.code}) from ${modepaiements}
          where ${modepaiements.id} = ${choice.modepaiement} and ${modepaiements.actif}) as payment,
        (select json_build_object('id', ${depots.id}, 'adresse', ${depots.adresse}) from ${depots}
          where ${depots.id} = ${choice.depot}::int) as depot,
        (select json_build_object('id', ${zonesLivraison.id}, 'designation', ${zonesLivraison.designation}, 'frais', ${zonesLivraison.frais}) from ${zonesLivraison}
          where ${zonesLivraison.designation} = ${choice.zone}::text) as zone,
        ${reads.slotsOffered ? reads.slotsOffered(sql`${choice.depot}::int`, sql`null::int`) : sql`false`} as slots_depot,
        ${reads.slotsOffered ? reads.slotsOffered(sql`null::int`, zoneId) : sql`false`} as slots_zone
        from ${clients} where ${clients.id} = ${clientId} for update of ${clients}`)
      return rows[0]
    },

    /**
     * The cart's lines by variant (ADR 053 §3) with each variant's price now (its sale price
     * while it runs), its stock and name, and the product's sub-category, as they stand: nothing
     * is locked here (ADR 069). The stock ledger's take, the order's last statement before its
     * commit, locks the products then the variants in id order and takes only where the stock
     * is still there; placement tries again from the start when it is not.
     * Each row also carries the customer's points balance and their unpaid online orders still
     * running at `at`: read here, in the first statement after the customer's lock is granted,
     * they include what the customer's previous order or points adjustment committed (ADR 068).
     */
    async cartLines(clientId: number, at: Date) {
      return db
        .select({
          points: reads.pointsOf ? reads.pointsOf(sql`${clientId}::int`) : sql<number>`0`,
          unpaid: sql<number>`(select count(*)::int from ${commandes} where ${commandes.clientId} = ${clientId}
            and ${inArray(commandes.etat, [...UNPAID_STATUSES])} and ${commandes.expiresAt} > ${at.toISOString()})`,
          produitId: produits.id,
          varianteId: variantes.id,
          designation: sql<string>`concat_ws(' ', ${produits.designation}, ${variantes.valeur1}, ${variantes.valeur2}, ${variantes.valeur3})`,
          quantite: panierLignes.quantite,
          prix: variantPriceNow,
          stock: variantes.quantite,
          souscategorieId: produits.souscategorieId,
        })
        .from(panierLignes)
        .innerJoin(paniers, eq(paniers.id, panierLignes.panierId))
        .innerJoin(produits, eq(produits.id, panierLignes.produitId))
        .innerJoin(variantes, eq(variantes.id, panierLignes.varianteId))
        .where(and(eq(paniers.clientId, clientId), eq(produits.actif, true), eq(variantes.actif, true)))
        .orderBy(asc(produits.id), asc(variantes.id))
        .prepare('order_cart_lines')
        .execute()
    },

    /**
     * Inserts the order; with `idempotencyKey`, claims the key (its unique index) in the same
     * statement (ADR 068): a key sent again fails here, and the whole order with it.
     */
    async insertOrder(values: typeof commandes.$inferInsert, idempotencyKey?: typeof idempotencyKeys.$inferInsert) {
      if (!idempotencyKey) {
        const [row] = await db.insert(commandes).values(values).returning()
        return row!
      }
      const key = db.$with('claimed_key', {}).as(db.insert(idempotencyKeys).values(idempotencyKey).getSQL())
      const [row] = await db.with(key).insert(commandes).values(values).returning()
      return row!
    },
    /**
     * The order's lines and the first line of its history, in one statement, the lines as
     * arrays: one text whatever their number, a named statement (ADR 070).
     */
    async insertLinesAndHistory(rows: Array<typeof detailCommandes.$inferInsert>, commandeId: number, etat: OrderStatus, entry: HistoryEntry) {
      const history = sql`insert into ${orderHistory} (commande_id, at, from_etat, to_etat, actor_kind, actor_id, reason)
        values (${commandeId}::int, ${entry.at.toISOString()}::timestamptz, null, ${etat}::text, ${entry.actorKind}::text, ${entry.actorId}::text, ${entry.reason}::text)`
      if (rows.length === 0) return void (await executeNamed(db, 'order_history_first', history))
      await executeNamed(db, 'order_insert_lines', sql`with history as (${history})
        insert into ${detailCommandes} (commande_id, produit_id, variante_id, quantite, prix, remplacer)
        select ${commandeId}::int, l.produit_id, l.variante_id, l.quantite, l.prix, l.remplacer
        from unnest(${intArray(rows.map((row) => row.produitId))}, ${intArray(rows.map((row) => row.varianteId ?? null))},
          ${intArray(rows.map((row) => row.quantite))}, ${intArray(rows.map((row) => row.prix))}, ${boolArray(rows.map((row) => row.remplacer ?? true))})
          as l (produit_id, variante_id, quantite, prix, remplacer)`)
    },

    /** An order's lines as its preparation reads them (ADR 055), with each one's name, in id order. */
    async preparationLines(commandeId: number) {
      return db
        .select({
          id: detailCommandes.id,
          produitId: detailCommandes.produitId,
          varianteId: detailCommandes.varianteId,
          designation: sql<string>`concat_ws(' ', ${produits.designation}, ${variantes.valeur1}, ${variantes.valeur2}, ${variantes.valeur3})`,
          quantite: detailCommandes.quantite,
          prix: detailCommandes.prix,
          remplacer: detailCommandes.remplacer,
          remplaceLigneId: detailCommandes.remplaceLigneId,
          supplement: detailCommandes.supplement,
        })
        .from(detailCommandes)
        .innerJoin(produits, eq(produits.id, detailCommandes.produitId))
        .leftJoin(variantes, eq(variantes.id, detailCommandes.varianteId))
        .where(eq(detailCommandes.commandeId, commandeId))
        .orderBy(asc(detailCommandes.id))
    },

    /**
     * The variants on sale of `produitIds`, for substitutes: each one's price now, stock and name;
     * the products' and variants' rows locked until the transaction ends, in the order placement
     * locks them (product, then variant), so that the stock read is the stock taken.
     */
    async lockSubstituteVariants(produitIds: number[]) {
      if (produitIds.length === 0) return []
      return db
        .select({
          produitId: produits.id,
          varianteId: variantes.id,
          designation: sql<string>`concat_ws(' ', ${produits.designation}, ${variantes.valeur1}, ${variantes.valeur2}, ${variantes.valeur3})`,
          prix: variantPriceNow,
          stock: variantes.quantite,
        })
        .from(variantes)
        .innerJoin(produits, eq(produits.id, variantes.produitId))
        .where(and(inArray(produits.id, produitIds), eq(produits.actif, true), eq(variantes.actif, true)))
        .orderBy(asc(produits.id), asc(variantes.id))
        .for('update', { of: [produits, variantes] })
    },

    /**
     * Writes a preparation (ADR 055): each changed line's prepared quantity (what was ordered kept
     * beside it), the substitutes' lines, the order's new amounts and the supplement offered, and
     * a line of its history (the order stays « en préparation »; the back office's live list hears it).
     */
    async savePreparation(
      order: { id: number; etat: string },
      change: {
        prepared: Array<{ id: number; quantite: number; ordered: number }>
        substitutes: Array<{ replaces: number; produitId: number; varianteId: number; quantite: number; prix: number; supplement: number }>
        amounts: { montantcommande: number; remise: number; remiseCode: number }
        supplement: number | null
      },
      entry: HistoryEntry,
    ) {
      const at = entry.at.toISOString()
      for (const line of change.prepared) {
        await db
          .update(detailCommandes)
          .set({ quantite: line.quantite, quantiteCommandee: line.ordered })
          .where(and(eq(detailCommandes.id, line.id), eq(detailCommandes.commandeId, order.id)))
      }
      if (change.substitutes.length > 0) {
        await db.insert(detailCommandes).values(
          change.substitutes.map((line) => ({
            commandeId: order.id,
            produitId: line.produitId,
            varianteId: line.varianteId,
            quantite: line.quantite,
            prix: line.prix,
            // A substitute is not replaced again.
            remplacer: false,
            remplaceLigneId: line.replaces,
            supplement: line.supplement,
          })),
        )
      }
      await db
        .update(commandes)
        .set({ ...change.amounts, prepareLe: entry.at, supplement: change.supplement, updatedAt: entry.at })
        .where(eq(commandes.id, order.id))
      await db.execute(sql`insert into ${orderHistory} (commande_id, at, from_etat, to_etat, actor_kind, actor_id, reason)
        values (${order.id}, ${at}, ${order.etat}, ${order.etat}, ${entry.actorKind}, ${entry.actorId}, ${entry.reason})`)
    },

    /** The shopper accepted a dearer substitute's price (ADR 055): its lines charge all, the order's goods grow, a line of its history. */
    async acceptSupplement(order: { id: number; etat: string }, amounts: { montantcommande: number; remise: number; remiseCode: number }, entry: HistoryEntry) {
      await db.update(detailCommandes).set({ supplement: 0 }).where(eq(detailCommandes.commandeId, order.id))
      await db.update(commandes).set({ ...amounts, supplementAccepteLe: entry.at, updatedAt: entry.at }).where(eq(commandes.id, order.id))
      await db.execute(sql`insert into ${orderHistory} (commande_id, at, from_etat, to_etat, actor_kind, actor_id, reason)
        values (${order.id}, ${entry.at.toISOString()}, ${order.etat}, ${order.etat}, ${entry.actorKind}, ${entry.actorId}, ${entry.reason})`)
    },

    /** The code of the order's payment mode (`CASH`, `WAVE`…). */
    async paymentCode(modepaiementId: number) {
      const [row] = await db.select({ code: modepaiements.code }).from(modepaiements).where(eq(modepaiements.id, modepaiementId)).limit(1)
      return row?.code ?? null
    },

    async idempotencyKey(clientId: number, key: string) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, key)))
        .limit(1)
      return row
    },

    /**
     * The order, its row locked until the transaction ends: whoever changes an order's state
     * from a decision about it (a payment, the back office, the expiry sweep) locks it first,
     * so decisions about one order are taken one after the other.
     */
    /** Locks the order for the transaction; with `clientId`, only that customer's (another's is neither locked nor answered). */
    async lockOrder(where: { id: number } | { numero: string; clientId?: number }): Promise<OrderRow | undefined> {
      const [row] = await db
        .select({
          ...getTableColumns(commandes),
          deliveryCode: sql<string>`(select m.code from ${modelivraisons} m where m.id = ${ORDER_ROW_DELIVERY})`,
        })
        .from(commandes)
        .where(
          'id' in where
            ? eq(commandes.id, where.id)
            : and(eq(commandes.numerocommande, where.numero), where.clientId === undefined ? undefined : eq(commandes.clientId, where.clientId)),
        )
        .limit(1)
        .for('update')
      return row
    },

    /** The mode the order is paid with (issue 19 §4: the customer pays another way); only the order lifecycle calls it. */
    async setPaymentMode(orderId: number, modepaiementId: number) {
      await db.update(commandes).set({ modepaiementId, updatedAt: sql`now()` }).where(eq(commandes.id, orderId))
    },

    /**
     * Moves an order from `from` to `to` along the shared machine, only if it is still in `from`,
     * and writes the history line in the same statement; false when the order had moved on.
     * Only the order lifecycle calls it.
     */
    async moveState(order: Pick<OrderRow, 'id' | 'deliveryCode'>, from: OrderStatus, to: OrderStatus, changes: StateChanges, entry: HistoryEntry): Promise<boolean> {
      if (!canTransition(from, to, order.deliveryCode)) throw new Error(`refused transition ${from} -> ${to}`)
      const orderId = order.id
      const at = entry.at.toISOString()
      const sets = [sql`etat = ${to}`, sql`updated_at = ${at}`]
      if (changes.dateliv !== undefined) sets.push(sql`dateliv = ${changes.dateliv?.toISOString() ?? null}`)
      if (changes.expiresAt !== undefined) sets.push(sql`expires_at = ${changes.expiresAt?.toISOString() ?? null}`)
      if (changes.montantEncaisse !== undefined) sets.push(sql`montant_encaisse = ${changes.montantEncaisse}`)
      if (changes.encaisseLe !== undefined) sets.push(sql`encaisse_le = ${changes.encaisseLe?.toISOString() ?? null}`)
      const result = await db.execute(sql`with moved as (
          update ${commandes} set ${sql.join(sets, sql`, `)} where id = ${orderId} and etat = ${from} returning id)
        insert into ${orderHistory} (commande_id, at, from_etat, to_etat, actor_kind, actor_id, reason)
        select id, ${at}, ${from}, ${to}, ${entry.actorKind}, ${entry.actorId}, ${entry.reason} from moved
        returning commande_id`)
      return rowsOf(result).length === 1
    },

    /**
     * A deleted customer's orders keep their amounts, lines and states, without the phone number,
     * the address and its landmark; their idempotency keys go (the account's deletion, in its transaction).
     */
    async forgetCustomer(clientId: number, now: Date) {
      await db
        .update(commandes)
        .set({ tel: null, adresseliv: null, repere: null, latitude: null, longitude: null, updatedAt: now })
        .where(eq(commandes.clientId, clientId))
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.clientId, clientId))
    },

    /** Unpaid online orders (waiting, or after a failed payment) past their expiry. */
    async unpaidBefore(now: Date) {
      return db
        .select({ id: commandes.id, etat: commandes.etat })
        .from(commandes)
        .where(and(inArray(commandes.etat, [...UNPAID_STATUSES]), lt(commandes.expiresAt, now)))
        .orderBy(asc(commandes.id))
        .limit(500)
    },
  }
}

export type OrderWritesRepository = ReturnType<typeof createOrderWritesRepository>
