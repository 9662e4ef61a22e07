// The refunds' tables (ADR 025): `remboursements` and their lines, with what an order has left
// to refund; runs on the executor it is given (the refund's transactions).
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows
const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `)

export interface RefundLineRow {
  produit_id: number
  designation: string
  /** The variant given back (ADR 053 §4); null only for a line older than variants. */
  variante: { id: number; designation: string; code: string } | null
  quantite: number
  prix: number
  /** What the line gave back (null on refunds made before migration 0026). */
  montant: number | null
  restock: boolean
}

/** An order line as a refund reads it. */
export interface RefundableLine {
  produitId: number
  varianteId: number | null
  prix: number
  quantite: number
  montant: number
  reste: number
}

export interface RefundRow {
  id: number
  commande_id: number
  montant: number
  provider: string
  statut: string
  motif: string
  par: string | null
  created_at: Date
  lignes: RefundLineRow[]
}

/** A refund's lines as JSON, in one subquery. */
const LINES = sql`coalesce((select json_agg(json_build_object('produit_id', rl.produit_id, 'designation', p.designation,
    'variante', case when v.id is not null then json_build_object('id', v.id, 'designation', concat_ws(' ', p.designation, v.valeur1, v.valeur2, v.valeur3), 'code', v.code) end,
    'quantite', rl.quantite, 'prix', rl.prix, 'montant', rl.montant, 'restock', rl.restock) order by rl.id)
  from remboursement_lignes rl join produits p on p.id = rl.produit_id left join variantes v on v.id = rl.variante_id where rl.remboursement_id = r.id), '[]'::json)`

/** The variants a refund puts back in stock, and how many of each (its lines marked `restock`). */
const RESTOCK = sql`coalesce((select json_agg(json_build_object('variante_id', rl.variante_id, 'quantite', rl.quantite) order by rl.id)
  from remboursement_lignes rl where rl.remboursement_id = r.id and rl.restock and rl.variante_id is not null), '[]'::json)`

export function createRefundsRepository(db: Executor) {
  return {
    async paymentCode(orderId: number): Promise<string | undefined> {
      const [row] = await rowsOf<{ code: string }>(db, sql`select m.code from commandes c join modepaiements m on m.id = c.modepaiement_id where c.id = ${orderId}`)
      return row?.code
    },

    /** FCFA refunded or being refunded: pending refunds count against what remains. */
    async counted(orderId: number): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(db, sql`select coalesce(sum(montant), 0)::int as n from remboursements where commande_id = ${orderId} and statut in ('en_cours', 'effectue')`)
      return row?.n ?? 0
    },

    /** FCFA given back for good. */
    async done(orderId: number): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(db, sql`select coalesce(sum(montant), 0)::int as n from remboursements where commande_id = ${orderId} and statut = 'effectue'`)
      return row?.n ?? 0
    },

    /**
     * Each line of the order (a variant, ADR 053 §4): its product, price, the quantity and amount
     * ordered, and how many are left to refund (pending refunds count). Keyed by the line's
     * variant (a line older than variants, without one, by minus its product's id).
     */
    async linesLeft(orderId: number): Promise<Map<number, RefundableLine>> {
      const rows = await rowsOf<{ cle: number; produit_id: number; variante_id: number | null; prix: number; quantite: number; montant: number; reste: number }>(
        db,
        sql`select coalesce(d.variante_id, -d.produit_id) as cle, d.produit_id, d.variante_id, min(d.prix)::int as prix, sum(d.quantite)::int as quantite,
              sum(d.prix * d.quantite)::int as montant,
              (sum(d.quantite) - coalesce((select sum(rl.quantite) from remboursement_lignes rl
              join remboursements r on r.id = rl.remboursement_id
              where r.commande_id = ${orderId} and r.statut in ('en_cours', 'effectue') and rl.produit_id = d.produit_id
                and rl.variante_id is not distinct from d.variante_id), 0))::int as reste
            from detail_commandes d where d.commande_id = ${orderId} group by d.produit_id, d.variante_id`,
      )
      return new Map(rows.map((r) => [r.cle, { produitId: r.produit_id, varianteId: r.variante_id, prix: r.prix, quantite: r.quantite, montant: r.montant, reste: r.reste }]))
    },

    async insert(
      values: { commandeId: number; montant: number; provider: string; motif: string; staffId: number; idempotencyKey: string; preparation?: boolean },
      lines: ReadonlyArray<{ produitId: number; varianteId: number | null; quantite: number; prix: number; montant: number; restock: boolean }>,
    ): Promise<number> {
      const [row] = await rowsOf<{ id: number }>(
        db,
        sql`insert into remboursements (commande_id, montant, provider, motif, staff_id, statut, idempotency_key, preparation)
            values (${values.commandeId}, ${values.montant}, ${values.provider}, ${values.motif}, ${values.staffId}, 'en_cours', ${values.idempotencyKey}, ${values.preparation ?? false}) returning id`,
      )
      const id = row!.id
      if (lines.length > 0) {
        const rows = sql.join(lines.map((l) => sql`(${id}, ${l.produitId}, ${l.varianteId}::int, ${l.quantite}, ${l.prix}, ${l.montant}, ${l.restock})`), sql`, `)
        await db.execute(sql`insert into remboursement_lignes (remboursement_id, produit_id, variante_id, quantite, prix, montant, restock) values ${rows}`)
      }
      return id
    },

    /** Pending → done, with the provider's reference; undefined when it was not pending (never confirmed twice). */
    async markDone(id: number, providerRef: string | null) {
      const [row] = await rowsOf<{
        montant: number
        provider: string
        motif: string
        lignes: Array<{ produit_id: number; quantite: number; restock: boolean }>
        restock: Array<{ variante_id: number; quantite: number }>
      }>(
        db,
        sql`update remboursements r set statut = 'effectue', provider_ref = ${providerRef}, updated_at = now() where r.id = ${id} and r.statut = 'en_cours'
            returning r.montant, r.provider, r.motif, ${LINES} as lignes, ${RESTOCK} as restock`,
      )
      return row
    },

    async markFailed(id: number) {
      await db.execute(sql`update remboursements set statut = 'echoue', updated_at = now() where id = ${id} and statut = 'en_cours'`)
    },

    async ofOrders(orderIds: number[]): Promise<RefundRow[]> {
      if (orderIds.length === 0) return []
      const rows = await rowsOf<RefundRow>(
        db,
        sql`select r.id, r.commande_id, r.montant, r.provider, r.statut, r.motif, r.created_at,
              nullif(trim(coalesce(s.prenom, '') || ' ' || coalesce(s.name, '')), '') as par, ${LINES} as lignes
            from remboursements r left join clients s on s.id = r.staff_id
            where r.commande_id in (${idList(orderIds)}) order by r.id`,
      )
      return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }))
    },
  }
}
