// What a courier's phone reads (issue 25 §3, ADR 056): the courier an account signs in as, and
// the orders handed to them today. Orders, customers, payment modes and depots are read here,
// never written (the order's moves are the lifecycle's).
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Today in Dakar (Africa/Dakar, UTC all year), as PostgreSQL reads its clock. */
const DAKAR_TODAY = sql`(now() at time zone 'Africa/Dakar')::date`

export interface CourierOrderRow {
  id: number
  numero: string
  etat: string
  prenom: string | null
  adresse: string | null
  repere: string | null
  telephone: string | null
  latitude: number | null
  longitude: number | null
  creneau_date: string | null
  creneau_debut: string | null
  creneau_fin: string | null
  montant_total: number
  paiement: string
  montant_encaisse: number | null
  supplement: number | null
  supplement_accepte: boolean
}

export function createCourierRepository(db: Executor) {
  return {
    /** The courier the account `clientId` signs in as (its invitation accepted), if any. */
    async courierOfAccount(clientId: number): Promise<{ id: number; nom: string } | undefined> {
      const result = await db.execute(sql`select id, nom from livreurs where client_id = ${clientId}::int`)
      return rowsOf<{ id: number; nom: string }>(result)[0]
    },

    /** The courier the order `orderId` is handed to now, if any. */
    async courierOfOrder(orderId: number): Promise<number | undefined> {
      const result = await db.execute(sql`select livreur_id from commandes_livreur where commande_id = ${orderId}::int`)
      return rowsOf<{ livreur_id: number }>(result)[0]?.livreur_id
    },

    /** The name of the courier the order `orderId` is handed to now, if any. */
    async courierNameOfOrder(orderId: number): Promise<string | undefined> {
      const result = await db.execute(sql`select l.nom from commandes_livreur cl join livreurs l on l.id = cl.livreur_id where cl.commande_id = ${orderId}::int`)
      return rowsOf<{ nom: string }>(result)[0]?.nom
    },

    /** The code of the payment mode `id` (CASH: the courier collects). */
    async paymentCode(id: number): Promise<string | null> {
      const result = await db.execute(sql`select code from modepaiements where id = ${id}::int`)
      return rowsOf<{ code: string }>(result)[0]?.code ?? null
    },

    /**
     * The orders handed to `livreurId` for today: out for delivery (whatever day), delivered or
     * failed today, or slotted today and still being readied; in slot order, orders without a slot last.
     * At most 200 (a courier's day is far fewer).
     */
    async today(livreurId: number): Promise<CourierOrderRow[]> {
      const result = await db.execute(sql`select c.id, c.numerocommande as numero, c.etat, cl_client.prenom, c.adresseliv as adresse, c.repere, c.tel as telephone,
          coalesce(c.latitude, d.latitude) as latitude, coalesce(c.longitude, d.longitude) as longitude,
          c.creneau_date::text as creneau_date, to_char(c.creneau_debut, 'HH24:MI') as creneau_debut, to_char(c.creneau_fin, 'HH24:MI') as creneau_fin,
          c.montant_total, mp.code as paiement, c.montant_encaisse, c.supplement, c.supplement_accepte_le is not null as supplement_accepte
        from commandes_livreur cl
        join commandes c on c.id = cl.commande_id
        join clients cl_client on cl_client.id = c.client_id
        join modepaiements mp on mp.id = c.modepaiement_id
        left join depots d on d.id = c.depot_id
        where cl.livreur_id = ${livreurId}::int
          and (c.etat = 'en_livraison'
            or (c.etat in ('livree', 'echec_livraison') and (c.updated_at at time zone 'Africa/Dakar')::date = ${DAKAR_TODAY})
            -- Slotted today and still on its way to the courier (confirmed or being prepared).
            or (c.creneau_date = ${DAKAR_TODAY} and c.etat in ('confirmee', 'en_preparation')))
        order by c.creneau_date nulls last, c.creneau_debut nulls last, c.datecomm, c.id
        limit 200`)
      return rowsOf<CourierOrderRow>(result)
    },
  }
}
