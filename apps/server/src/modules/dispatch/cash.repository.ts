// The cash page's figures (issue 25 §4, ADR 057): the dispatch module's hand-back lines
// (`remises_caisse`, written here only, never updated nor deleted) and, read only, the cash
// orders its couriers delivered. Dakar is UTC all year: a business day is a UTC day.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { PAY_ON_DELIVERY } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { livreurs, remisesCaisse } from '../../db/schema.ts'

/** One courier's figures on one day, before the differences are worked out. */
export interface CashFigures {
  jour: string
  livreurId: number
  commandes: number
  aEncaisser: number
  encaisse: number
  remis: number
}

/**
 * What the courier collects for order `c` (payment mode `mp`), the shared `amountToCollect`
 * in SQL: a cash order's total; paid online, the accepted dearer substitute's supplement (ADR 058).
 */
const COLLECT_SQL = sql.raw(`(case when mp.code = '${PAY_ON_DELIVERY}' then c.montant_total when c.supplement_accepte_le is not null then coalesce(c.supplement, 0) else 0 end)`)

const startOf = (day: string) => new Date(`${day}T00:00:00Z`)

export function createCashRepository(db: Executor) {
  return {
    /**
     * Per day from `du` to `au` (both included) and per courier: the cash orders now `livree`
     * that the courier carried, counted on the day the courier collected (`encaisse_le`), or, for
     * one delivered without it, the day of its move to `livree`; what they entered as collected
     * (nothing entered counts 0); and the hand-back lines of the day.
     */
    async figures(du: string, au: string): Promise<CashFigures[]> {
      const from = startOf(du)
      const until = new Date(startOf(au).getTime() + 86_400_000)
      const result = await db.execute<{ jour: string; livreur_id: number; commandes: string; a_encaisser: string; encaisse: string; remis: string }>(sql`
        with livrees as (
          select cl.livreur_id, ${COLLECT_SQL} as montant_total, coalesce(c.montant_encaisse, 0) as encaisse,
                 coalesce(c.encaisse_le, (select max(h.at) from order_history h where h.commande_id = c.id and h.to_etat = 'livree')) as le
            from commandes c
            join commandes_livreur cl on cl.commande_id = c.id
            join modepaiements mp on mp.id = c.modepaiement_id
           where c.etat = 'livree' and (mp.code = ${PAY_ON_DELIVERY} or (c.supplement_accepte_le is not null and c.supplement > 0))
             and c.id in (
               select id from commandes where encaisse_le >= ${from} and encaisse_le < ${until}
               union
               select commande_id from order_history where to_etat = 'livree' and at >= ${from} and at < ${until}
             )
        ),
        commandes_jour as (
          select to_char(le at time zone 'UTC', 'YYYY-MM-DD') as jour, livreur_id,
                 count(*) as commandes, sum(montant_total) as a_encaisser, sum(encaisse) as encaisse
            from livrees where le >= ${from} and le < ${until}
           group by 1, 2
        ),
        remises_jour as (
          select to_char(date, 'YYYY-MM-DD') as jour, livreur_id, sum(montant) as remis
            from remises_caisse where date between ${du}::date and ${au}::date
           group by 1, 2
        )
        select coalesce(o.jour, r.jour) as jour, coalesce(o.livreur_id, r.livreur_id) as livreur_id,
               coalesce(o.commandes, 0) as commandes, coalesce(o.a_encaisser, 0) as a_encaisser,
               coalesce(o.encaisse, 0) as encaisse, coalesce(r.remis, 0) as remis
          from commandes_jour o full join remises_jour r on r.jour = o.jour and r.livreur_id = o.livreur_id`)
      return (result as unknown as { rows: Array<Record<string, string | number>> }).rows.map((row) => ({
        jour: String(row.jour),
        livreurId: Number(row.livreur_id),
        commandes: Number(row.commandes),
        aEncaisser: Number(row.a_encaisser),
        encaisse: Number(row.encaisse),
        remis: Number(row.remis),
      }))
    },

    /** The couriers `ids`, by name. */
    async couriers(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({ id: livreurs.id, nom: livreurs.nom })
        .from(livreurs)
        .where(inArray(livreurs.id, ids))
        .orderBy(asc(livreurs.nom), asc(livreurs.id))
    },

    async courierExists(id: number) {
      const [row] = await db.select({ id: livreurs.id }).from(livreurs).where(eq(livreurs.id, id)).limit(1)
      return Boolean(row)
    },

    async insertRemise(values: { livreurId: number; date: string; montant: number; note: string | null; staffId: number }) {
      const [row] = await db.insert(remisesCaisse).values(values).returning()
      return row!
    },
  }
}
