// The dispatch module's tables: the couriers, each order's courier now and every hand-over,
// and the staff's notes on orders. Orders are read here (their state and delivery mode),
// never written.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { affectationsLivreur, clients, commandes, commandesLivreur, livreurs, modelivraisons, notesCommande } from '../../db/schema.ts'

/** Hand-overs and notes read per order shown, on average: a bound on what one page reads. */
const PER_ORDER_MAX = 200

export type CourierRow = typeof livreurs.$inferSelect

export function createDispatchRepository(db: Executor) {
  const courier = { id: livreurs.id, nom: livreurs.nom, telephone: livreurs.telephone, actif: livreurs.actif }
  return {
    couriers() {
      return db.select(courier).from(livreurs).orderBy(desc(livreurs.actif), asc(livreurs.nom), asc(livreurs.id))
    },

    async courier(id: number) {
      const [row] = await db.select(courier).from(livreurs).where(eq(livreurs.id, id)).limit(1)
      return row
    },

    async insertCourier(values: { nom: string; telephone: string; actif: boolean }) {
      const [row] = await db.insert(livreurs).values(values).returning(courier)
      return row!
    },

    async updateCourier(id: number, values: { nom: string; telephone: string; actif: boolean }) {
      const [row] = await db.update(livreurs).set(values).where(eq(livreurs.id, id)).returning(courier)
      return row
    },

    /** Whether any order was ever handed to the courier: then it is kept (deactivated), not deleted. */
    async courierUsed(id: number) {
      const [row] = await db.select({ one: sql<number>`1` }).from(affectationsLivreur).where(eq(affectationsLivreur.livreurId, id)).limit(1)
      return Boolean(row)
    },

    async deleteCourier(id: number) {
      const [row] = await db.delete(livreurs).where(eq(livreurs.id, id)).returning(courier)
      return row
    },

    /** The order, locked against a concurrent move or hand-over, with its delivery mode's code. */
    async lockOrder(numero: string) {
      const [row] = await db
        .select({ id: commandes.id, etat: commandes.etat, modelivraison: modelivraisons.code })
        .from(commandes)
        .innerJoin(modelivraisons, eq(modelivraisons.id, commandes.modelivraisonId))
        .where(eq(commandes.numerocommande, numero))
        .for('update', { of: commandes })
        .limit(1)
      return row
    },

    async orderId(numero: string) {
      const [row] = await db.select({ id: commandes.id }).from(commandes).where(eq(commandes.numerocommande, numero)).limit(1)
      return row?.id
    },

    async assign(commandeId: number, livreurId: number | null, staffId: number) {
      if (livreurId === null) await db.delete(commandesLivreur).where(eq(commandesLivreur.commandeId, commandeId))
      else await db.insert(commandesLivreur).values({ commandeId, livreurId }).onConflictDoUpdate({ target: commandesLivreur.commandeId, set: { livreurId } })
      await db.insert(affectationsLivreur).values({ commandeId, livreurId, staffId })
    },

    /** The couriers now of the orders `ids`. */
    currentCouriers(ids: number[]) {
      return db
        .select({ commandeId: commandesLivreur.commandeId, ...courier })
        .from(commandesLivreur)
        .innerJoin(livreurs, eq(livreurs.id, commandesLivreur.livreurId))
        .where(inArray(commandesLivreur.commandeId, ids))
    },

    /** Every hand-over of the orders `ids`, oldest first. */
    handOvers(ids: number[]) {
      return db
        .select({ commandeId: affectationsLivreur.commandeId, at: affectationsLivreur.createdAt, livreur: courier, by: clients.email })
        .from(affectationsLivreur)
        .leftJoin(livreurs, eq(livreurs.id, affectationsLivreur.livreurId))
        .leftJoin(clients, eq(clients.id, affectationsLivreur.staffId))
        .where(inArray(affectationsLivreur.commandeId, ids))
        .orderBy(asc(affectationsLivreur.id))
        .limit(ids.length * PER_ORDER_MAX)
    },

    async insertNote(commandeId: number, staffId: number, texte: string) {
      const [row] = await db.insert(notesCommande).values({ commandeId, staffId, texte }).returning()
      return row!
    },

    /** The notes of the orders `ids`, oldest first, or the one note `id`. */
    notes(ids: number[], id?: number) {
      return db
        .select({ commandeId: notesCommande.commandeId, id: notesCommande.id, texte: notesCommande.texte, at: notesCommande.createdAt, by: clients.email })
        .from(notesCommande)
        .leftJoin(clients, eq(clients.id, notesCommande.staffId))
        .where(and(inArray(notesCommande.commandeId, ids), id === undefined ? undefined : eq(notesCommande.id, id)))
        .orderBy(asc(notesCommande.id))
        .limit(ids.length * PER_ORDER_MAX)
    },
  }
}

export type DispatchRepository = ReturnType<typeof createDispatchRepository>
