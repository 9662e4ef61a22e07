// Couriers and notes (issue 16): the couriers kept in the settings, an order handed to one
// (home deliveries only, never once the order is closed), and the staff's internal notes; each
// write in one transaction with its audit line.
import { courierMayChange, DISPATCH_MESSAGES, type Courier, type OrderDispatch, type OrderNote } from '@teranga/shared/backoffice-dispatch'
import { isDepotPickup } from '@teranga/shared/order-status'
import type { Executor } from '../../db/client.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import { dateFr } from '../../lib/format.ts'
import { MESSAGES } from '@teranga/shared/server-messages'
import type { Audit } from '../audit/audit.plugin.ts'
import { createDispatchRepository } from './dispatch.repository.ts'

const when = (at: Date) => ({ date: at.toISOString(), date_fr: dateFr.format(at) })

export function createDispatchService(deps: { db: Executor; audit: Audit }) {
  const { db, audit } = deps

  /** What the order pages show of the orders `ids` (a slip asks for 50 at most): three statements for all. */
  async function dispatchOf(tx: Executor, ids: number[]): Promise<Map<number, OrderDispatch>> {
    const repo = createDispatchRepository(tx)
    const result = new Map<number, OrderDispatch>(ids.map((id) => [id, { livreur: null, affectations: [], notes: [] }]))
    if (ids.length === 0) return result
    const [couriers, handOvers, notes] = await Promise.all([repo.currentCouriers(ids), repo.handOvers(ids), repo.notes(ids)])
    for (const { commandeId, ...livreur } of couriers) result.get(commandeId)!.livreur = livreur
    for (const h of handOvers) result.get(h.commandeId)!.affectations.push({ livreur: h.livreur, ...when(h.at), par: h.by })
    for (const n of notes) result.get(n.commandeId)!.notes.push({ id: n.id, texte: n.texte, ...when(n.at), auteur: n.by })
    return result
  }

  return {
    couriers: (): Promise<Courier[]> => createDispatchRepository(db).couriers(),

    async createCourier(staffId: number, input: { nom: string; telephone: string; actif: boolean }) {
      return db.transaction(async (tx) => {
        const row = await createDispatchRepository(tx).insertCourier(input)
        await audit.record(tx, { staffId, action: 'livreur.creer', resource: 'livreur', resourceId: row.id, after: row })
        return row
      })
    },

    async updateCourier(staffId: number, id: number, input: { nom: string; telephone: string; actif: boolean }) {
      return db.transaction(async (tx) => {
        const repo = createDispatchRepository(tx)
        const before = await repo.courier(id)
        if (!before) throw notFound(DISPATCH_MESSAGES.courierNotFound)
        const row = (await repo.updateCourier(id, input))!
        await audit.record(tx, { staffId, action: 'livreur.modifier', resource: 'livreur', resourceId: id, before, after: row })
        return row
      })
    },

    async deleteCourier(staffId: number, id: number) {
      await db.transaction(async (tx) => {
        const repo = createDispatchRepository(tx)
        if (!(await repo.courier(id))) throw notFound(DISPATCH_MESSAGES.courierNotFound)
        if (await repo.courierUsed(id)) throw conflict(DISPATCH_MESSAGES.courierInUse)
        const row = await repo.deleteCourier(id)
        await audit.record(tx, { staffId, action: 'livreur.supprimer', resource: 'livreur', resourceId: id, before: row })
      })
    },

    /** Hands the order to `livreurId` (null: takes it back), under the order's row lock. */
    async assign(staffId: number, numero: string, livreurId: number | null): Promise<OrderDispatch> {
      return db.transaction(async (tx) => {
        const repo = createDispatchRepository(tx)
        const order = await repo.lockOrder(numero)
        if (!order) throw notFound(MESSAGES.orderNotFound)
        if (isDepotPickup(order.modelivraison)) throw conflict(DISPATCH_MESSAGES.notHomeDelivery, { livreur: [DISPATCH_MESSAGES.notHomeDelivery] })
        if (!courierMayChange(order.etat)) throw conflict(DISPATCH_MESSAGES.orderClosed, { livreur: [DISPATCH_MESSAGES.orderClosed] })
        const [before] = await repo.currentCouriers([order.id])
        if (livreurId !== null) {
          const courier = await repo.courier(livreurId)
          if (!courier) throw badInput(DISPATCH_MESSAGES.courierNotFound, { livreur: [DISPATCH_MESSAGES.courierNotFound] })
          if (!courier.actif) throw conflict(DISPATCH_MESSAGES.courierInactive, { livreur: [DISPATCH_MESSAGES.courierInactive] })
        }
        if ((before?.id ?? null) !== livreurId) {
          await repo.assign(order.id, livreurId, staffId)
          await audit.record(tx, { staffId, action: 'commande.livreur', resource: 'commande', resourceId: numero, before: { livreur: before?.id ?? null }, after: { livreur: livreurId } })
        }
        return (await dispatchOf(tx, [order.id])).get(order.id)!
      })
    },

    async addNote(staffId: number, numero: string, texte: string): Promise<OrderNote> {
      return db.transaction(async (tx) => {
        const repo = createDispatchRepository(tx)
        const commandeId = await repo.orderId(numero)
        if (commandeId === undefined) throw notFound(MESSAGES.orderNotFound)
        const note = await repo.insertNote(commandeId, staffId, texte)
        await audit.record(tx, { staffId, action: 'commande.note', resource: 'commande', resourceId: numero, after: { note: note.id, texte } })
        const [written] = await repo.notes([commandeId], note.id)
        return { id: note.id, texte: note.texte, ...when(note.createdAt), auteur: written?.by ?? null }
      })
    },

    /** What the order pages show of the orders `ids`: the courier, every hand-over and the notes. */
    forOrders: (ids: number[], executor: Executor = db) => dispatchOf(executor, ids),
  }
}

export type DispatchService = ReturnType<typeof createDispatchService>
