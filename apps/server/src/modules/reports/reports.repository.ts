// The sales reports' reads (ADR 059): the one SQL definition of a sale and of a refund on a
// period of Dakar days, grouped by the order's attributes in one statement, or as lines for the
// products and categories (two statements). It writes nothing.
import { sql, type SQL } from 'drizzle-orm'
import type { ReportGrouping } from '@teranga/shared/backoffice-reports'
import type { Executor } from '../../db/client.ts'
import { paymentsOfOrder } from '../payments/payment-ledger.service.ts'
import { refundCounts } from '../payments/refunds.service.ts'

const DAKAR = 'Africa/Dakar'

/** A Dakar day's first instant (Dakar is UTC all year, the zone is named for clarity). */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${DAKAR}`

/** The order's moves that make a sale: paid online, or delivered. */
const SOLD_MOVES = sql`('payee', 'livree')`

/**
 * The sales and refunds of the days `du`..`au`, as two CTEs, `sales (id, at)` and
 * `refunds (id, commande_id, montant, at)`: written once, read by every report and the dashboard.
 *
 * A sale is an order whose money came (an attempt brought it: the payments module's word) or that
 * is paid on delivery, counted at its first move to `payee` or `livree` (paid online, or delivered
 * and its cash collected), whatever happened after (cancelled, refunded: refunds count on their
 * own day). A refund is one under way or done (`en_cours`, `effectue`, as the « nothing left to
 * refund » rule counts them) of an order that is a sale, on the day it was made.
 */
function salesAndRefunds(du: string, au: string): SQL {
  const from = dayStart(du)
  const to = sql`(${au}::date + 1)::timestamp at time zone ${DAKAR}`
  return sql`firsts as (
      select h.commande_id, min(h.at) as at from order_history h
      where h.to_etat in ${SOLD_MOVES} and h.at >= ${from} and h.at < ${to}
      group by h.commande_id
    ),
    sales as (
      select c.id, f.at from firsts f join commandes c on c.id = f.commande_id
      where not exists (select 1 from order_history e where e.commande_id = c.id and e.to_etat in ${SOLD_MOVES} and e.at < ${from})
        and ${paymentsOfOrder.paidOrCash(sql`c`)}
    ),
    refunds as (
      select r.id, r.commande_id, r.montant, r.created_at as at from remboursements r join commandes c on c.id = r.commande_id
      where ${refundCounts(sql`r`)} and r.created_at >= ${from} and r.created_at < ${to}
        and exists (select 1 from order_history h where h.commande_id = c.id and h.to_etat in ${SOLD_MOVES})
        and ${paymentsOfOrder.paidOrCash(sql`c`)}
    )`
}

/**
 * When the order `o` became a sale (null if it never did), by the same rule as `salesAndRefunds`:
 * its first move to `payee` or `livree`, if its money came or comes on delivery. The accountant's
 * export prints it (« Vendue le (Dakar) ») so that its rows add up to the report's (ADR 059/060).
 */
export const saleMoment = (o: SQL): SQL =>
  sql`case when ${paymentsOfOrder.paidOrCash(o)} then (select min(h.at) from order_history h where h.commande_id = ${o}.id and h.to_etat in ${SOLD_MOVES}) end`

/** The key and label of an order-level grouping, over `e` (an event: `at`) and `c` (its order). */
const ORDER_KEYS: Record<Exclude<ReportGrouping, 'produit' | 'categorie'>, { cle: SQL; libelle: SQL; joins: SQL }> = {
  jour: { cle: sql`to_char(e.at at time zone ${DAKAR}, 'YYYY-MM-DD')`, libelle: sql`''`, joins: sql`` },
  semaine: { cle: sql`to_char(date_trunc('week', e.at at time zone ${DAKAR}), 'YYYY-MM-DD')`, libelle: sql`''`, joins: sql`` },
  mois: { cle: sql`to_char(e.at at time zone ${DAKAR}, 'YYYY-MM')`, libelle: sql`''`, joins: sql`` },
  modepaiement: { cle: sql`mp.code`, libelle: sql`mp.designation`, joins: sql`join modepaiements mp on mp.id = c.modepaiement_id` },
  zone: { cle: sql`coalesce(nullif(c.zone, ''), '')`, libelle: sql`coalesce(nullif(c.zone, ''), '')`, joins: sql`` },
  livreur: {
    cle: sql`coalesce(l.id::text, '')`,
    libelle: sql`coalesce(l.nom, '')`,
    joins: sql`left join commandes_livreur cl on cl.commande_id = c.id left join livreurs l on l.id = cl.livreur_id`,
  },
  codepromo: { cle: sql`coalesce(cp.code, '')`, libelle: sql`coalesce(cp.code, '')`, joins: sql`left join codes_promo cp on cp.id = c.codepromo_id` },
}

export interface OrderGroupRow {
  cle: string
  libelle: string
  commandes: number
  articles: number
  montant_articles: number
  remises: number
  livraison: number
  rembourse: number
}

export interface SaleLineRow {
  commande_id: number
  montantcommande: number
  remise: number
  remise_livraison: number | null
  montantliv: number
  produit_id: number | null
  designation: string | null
  categorie_id: number | null
  categorie: string | null
  prix: number | null
  quantite: number | null
}

export interface RefundLineRow {
  remboursement_id: number
  montant: number
  produit_id: number | null
  designation: string | null
  categorie_id: number | null
  categorie: string | null
  /** What the line gave back (ADR 041; price × quantity on rows older than migration 0026). */
  ligne_montant: number | null
}

const num = (v: unknown) => Number(v ?? 0)

export function createReportsRepository(db: Executor) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

  return {
    /** The period's sales and refunds grouped by a day, week, month or an attribute of the order: one statement. */
    async byOrder(du: string, au: string, par: keyof typeof ORDER_KEYS): Promise<OrderGroupRow[]> {
      const key = ORDER_KEYS[par]
      const found = await rows<Record<string, unknown>>(
        sql`with ${salesAndRefunds(du, au)},
            events as (
              select s.id as commande_id, s.at, 1 as commandes,
                     (select coalesce(sum(d.quantite), 0) from detail_commandes d where d.commande_id = s.id) as articles,
                     c.montantcommande as montant_articles, c.remise as remises, c.montantliv as livraison, 0 as rembourse
              from sales s join commandes c on c.id = s.id
              union all
              select r.commande_id, r.at, 0, 0, 0, 0, 0, r.montant from refunds r
            )
            select ${key.cle} as cle, ${key.libelle} as libelle,
                   sum(e.commandes)::bigint as commandes, sum(e.articles)::bigint as articles,
                   sum(e.montant_articles)::bigint as montant_articles, sum(e.remises)::bigint as remises,
                   sum(e.livraison)::bigint as livraison, sum(e.rembourse)::bigint as rembourse
            from events e join commandes c on c.id = e.commande_id ${key.joins}
            group by 1, 2 order by 1`,
      )
      return found.map((r) => ({
        cle: String(r.cle),
        libelle: String(r.libelle),
        commandes: num(r.commandes),
        articles: num(r.articles),
        montant_articles: num(r.montant_articles),
        remises: num(r.remises),
        livraison: num(r.livraison),
        rembourse: num(r.rembourse),
      }))
    },

    /** Of the period's buyers, those with no sale before it (new) and the others: one statement. */
    async customers(du: string, au: string): Promise<{ nouveaux: number; habitues: number }> {
      const [found] = await rows<{ nouveaux: number; clients: number }>(
        sql`with ${salesAndRefunds(du, au)},
            buyers as (select distinct c.client_id from sales s join commandes c on c.id = s.id)
            select count(*)::int as clients,
                   count(*) filter (where not exists (
                     select 1 from commandes o join order_history h on h.commande_id = o.id
                     where o.client_id = b.client_id and h.to_etat in ${SOLD_MOVES} and h.at < ${dayStart(du)} and ${paymentsOfOrder.paidOrCash(sql`o`)}
                   ))::int as nouveaux
            from buyers b`,
      )
      return { nouveaux: found?.nouveaux ?? 0, habitues: (found?.clients ?? 0) - (found?.nouveaux ?? 0) }
    },

    /** Variants in stock of active products that no sale of `du`..`au` holds, the most stocked first: one statement. */
    async slowMovers(du: string, au: string, limit: number) {
      return rows<{ id: number; designation: string; quantite: number }>(
        sql`with ${salesAndRefunds(du, au)}
            select p.id, concat_ws(' ', p.designation, v.valeur1, v.valeur2, v.valeur3) as designation, v.quantite
            from variantes v join produits p on p.id = v.produit_id
            where p.actif and v.actif and v.quantite > 0
              and not exists (
                select 1 from sales s join detail_commandes d on d.commande_id = s.id
                where d.variante_id = v.id or (d.variante_id is null and d.produit_id = p.id)
              )
            order by v.quantite desc, v.id limit ${limit}`,
      )
    },

    /** The period's sold lines with their order's amounts, and its refunds with their lines: two statements. */
    async lines(du: string, au: string): Promise<{ sales: SaleLineRow[]; refunds: RefundLineRow[] }> {
      const period = salesAndRefunds(du, au)
      const product = sql`left join produits p on p.id = x.produit_id
        left join souscategories sc on sc.id = p.souscategorie_id
        left join categories cat on cat.id = sc.categorie_id`
      const [sales, refunds] = await Promise.all([
        rows<SaleLineRow>(
          sql`with ${period}
              select c.id as commande_id, c.montantcommande, c.remise, c.remise_livraison, c.montantliv,
                     x.produit_id, p.designation, cat.id as categorie_id, cat.designation as categorie, x.prix, x.quantite
              from sales s join commandes c on c.id = s.id
              left join detail_commandes x on x.commande_id = c.id
              ${product}
              order by c.id, x.id`,
        ),
        rows<RefundLineRow>(
          sql`with ${period}
              select r.id as remboursement_id, r.montant, x.produit_id, p.designation, cat.id as categorie_id, cat.designation as categorie,
                     coalesce(x.montant, x.prix * x.quantite) as ligne_montant
              from refunds r
              left join remboursement_lignes x on x.remboursement_id = r.id
              ${product}
              order by r.id, x.id`,
        ),
      ])
      return { sales, refunds }
    },
  }
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>
