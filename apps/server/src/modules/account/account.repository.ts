// Data access for the customer's own account: profile fields, saved delivery addresses,
// sessions, the loyalty statement, and the anonymisation of a deleted account.
import { and, asc, count, desc, eq, ne, notInArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { adresses, clients, commandes, zonesLivraison } from '../../db/schema.ts'

export type AddressValues = Pick<
  typeof adresses.$inferInsert,
  'libelle' | 'adresse' | 'zoneId' | 'telephone' | 'latitude' | 'longitude' | 'repere' | 'parDefaut'
>

/** The customer fields PUT /api/profile edits. */
export type ProfileValues = Pick<typeof clients.$inferInsert, 'civilite' | 'prenom' | 'name' | 'telephone' | 'telephoneVerifie' | 'ville' | 'pays'>

const addressColumns = {
  id: adresses.id,
  libelle: adresses.libelle,
  adresse: adresses.adresse,
  telephone: adresses.telephone,
  latitude: adresses.latitude,
  longitude: adresses.longitude,
  repere: adresses.repere,
  parDefaut: adresses.parDefaut,
  zone: { id: zonesLivraison.id, designation: zonesLivraison.designation, frais: zonesLivraison.frais },
}

export function createAccountRepository(db: Executor) {
  return {
    async updateProfile(clientId: number, values: ProfileValues) {
      await db
        .update(clients)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(clients.id, clientId))
    },

    /**
     * Locks the client's row until the transaction ends: one customer's address writes and
     * account deletion run one at a time (the 20-address limit and the single default hold).
     */
    async lockClient(clientId: number) {
      const [row] = await db.select({ id: clients.id, firebaseUid: clients.firebaseUid }).from(clients).where(eq(clients.id, clientId)).for('update')
      return row
    },

    async zone(id: number) {
      const [row] = await db.select().from(zonesLivraison).where(eq(zonesLivraison.id, id)).limit(1)
      return row
    },

    /** The default address first, then in the order they were saved. */
    addresses(clientId: number) {
      return db
        .select(addressColumns)
        .from(adresses)
        .leftJoin(zonesLivraison, eq(zonesLivraison.id, adresses.zoneId))
        .where(eq(adresses.clientId, clientId))
        .orderBy(desc(adresses.parDefaut), asc(adresses.id))
    },

    /** One of the client's addresses; another client's is undefined, like a missing one. */
    async address(clientId: number, id: number) {
      const [row] = await db
        .select(addressColumns)
        .from(adresses)
        .leftJoin(zonesLivraison, eq(zonesLivraison.id, adresses.zoneId))
        .where(and(eq(adresses.id, id), eq(adresses.clientId, clientId)))
        .limit(1)
      return row
    },

    async countAddresses(clientId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(adresses).where(eq(adresses.clientId, clientId))
      return row?.n ?? 0
    },

    async insertAddress(clientId: number, values: AddressValues): Promise<number> {
      const [row] = await db
        .insert(adresses)
        .values({ ...values, clientId })
        .returning({ id: adresses.id })
      return row!.id
    },

    async updateAddress(clientId: number, id: number, values: AddressValues): Promise<boolean> {
      const rows = await db
        .update(adresses)
        .set(values)
        .where(and(eq(adresses.id, id), eq(adresses.clientId, clientId)))
        .returning({ id: adresses.id })
      return rows.length === 1
    },

    async deleteAddress(clientId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(adresses)
        .where(and(eq(adresses.id, id), eq(adresses.clientId, clientId)))
        .returning({ id: adresses.id })
      return rows.length === 1
    },

    /** No address of the client is the default any more (but `keep`, when given). */
    async clearDefault(clientId: number, keep?: number) {
      await db
        .update(adresses)
        .set({ parDefaut: false })
        .where(and(eq(adresses.clientId, clientId), eq(adresses.parDefaut, true), keep === undefined ? undefined : ne(adresses.id, keep)))
    },

    /** The client's orders not in one of `finished` states. */
    openOrders(clientId: number, finished: string[]) {
      return db
        .select({ id: commandes.id, etat: commandes.etat })
        .from(commandes)
        .where(and(eq(commandes.clientId, clientId), finished.length ? notInArray(commandes.etat, finished) : undefined))
        .orderBy(asc(commandes.id))
    },

    /**
     * Erases the client's personal data and keeps the row, so that their orders (amounts,
     * lines, states) stay in the shop's books. The Firebase uid becomes `tombstone`, which no
     * sign-in can match: the same Firebase account signing in again gets a new client. (The
     * orders, favourites, cart and tokens are forgotten by their modules, in the same transaction.)
     */
    async anonymise(clientId: number, tombstone: string, now: Date) {
      await db.delete(adresses).where(eq(adresses.clientId, clientId))
      await db
        .update(clients)
        .set({
          firebaseUid: tombstone,
          email: null,
          login: null,
          name: null,
          prenom: null,
          civilite: null,
          telephone: null,
          telephoneVerifie: null,
          ville: null,
          pays: null,
          adresseliv: null,
          image: null,
          googleImg: null,
          updatedAt: now,
        })
        .where(eq(clients.id, clientId))
    },
  }
}

export type AccountRepository = ReturnType<typeof createAccountRepository>

/** Runs `fn` in one transaction with the repository bound to it. */
export const accountTransaction =
  (db: Executor) =>
  <T>(fn: (account: AccountRepository) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(createAccountRepository(tx)))
