// The back office's reads of orders (docs/back-office-api.md « Dashboard », « Orders »): the
// filtered, sorted, paginated list (one statement, on indexes that hold at 100,000 orders),
// one order's detail with its lines and history, the dashboard's figures. Payments are read
// through the payments module, which owns them.
import { sql, type SQL } from 'drizzle-orm'
import { TO_ACT_ON_STATUSES, UNPAID_STATUSES } from '@teranga/shared/order-status'
import type { Executor } from '../../db/client.ts'
import { intArray } from '../../db/sql.ts'
import { paymentsOfOrder } from '../payments/payment-ledger.service.ts'
import { refundCounts } from '../payments/refunds.service.ts'
import { saleMoment } from '../reports/reports.service.ts'

export interface OrderFilter {
  etat?: string[] | undefined
  /** Dakar days, inclusive (YYYY-MM-DD). */
  du?: string | null | undefined
  au?: string | null | undefined
  modelivraison?: string | undefined
  zone?: string | undefined
  depot?: number | null | undefined
  livreur?: number | null | undefined
  modepaiement?: string | undefined
  q?: string | undefined
  /** The delivery slot's date (YYYY-MM-DD) and the slot (issue 25 §1). */
  creneau_date?: string | null | undefined
  creneau?: number | null | undefined
}

/** `creneau`: by slot date then start time, orders without a slot last (a day's rounds, issue 25 §1). */
export type OrderSort = 'datecomm' | 'montant' | 'numero' | 'creneau'

export interface SummaryRow {
  id: number
  numerocommande: string
  etat: string
  datecomm: Date
  montantcommande: number
  montantliv: number
  remise: number
  /** What the customer pays: stored on the order (ADR 050). */
  montant_total: number
  zone: string | null
  expires_at: Date | null
  client_id: number
  prenom: string | null
  name: string | null
  email: string | null
  telephone: string | null
  mp_code: string
  mp_designation: string
  ml_code: string
  ml_designation: string
  depot_id: number | null
  depot_designation: string | null
  a_rembourser: boolean
  /** The order's slot as promised: `YYYY-MM-DD`, `HH:MM:SS` (issue 25 §1). */
  creneau_date: string | null
  creneau_debut: string | null
  creneau_fin: string | null
}

export interface DetailExtraRow {
  remise_livraison: number | null
  tel: string | null
  adresseliv: string | null
  /** The customer's landmark for the courier (issue 25 §3). */
  repere: string | null
  latitude: number | null
  longitude: number | null
  /** Preparation (ADR 055). */
  note_preparation: string | null
  prepare_le: Date | string | null
  supplement: number | null
  supplement_accepte_le: Date | string | null
}

const DAKAR = 'Africa/Dakar'

const states = (list: readonly string[]) => sql.join(list.map((etat) => sql`${etat}`), sql`, `)
const UNPAID = states(UNPAID_STATUSES)
/** The dashboard's « À traiter » (packages/shared). */
const TO_ACT_ON = states(TO_ACT_ON_STATUSES)
/** What the customer pays for order `c`: stored on the order (`orderTotal` of packages/shared, ADR 050). */
const ORDER_TOTAL = sql`c.montant_total`


const summaryColumns = sql`c.id, c.numerocommande, c.etat, c.datecomm, c.montantcommande, c.montantliv, c.remise, c.montant_total, c.zone, c.expires_at,
  cl.id as client_id, cl.prenom, cl.name, cl.email, cl.telephone,
  mp.code as mp_code, mp.designation as mp_designation, ml.code as ml_code, ml.designation as ml_designation,
  d.id as depot_id, d.designation as depot_designation,
  ${paymentsOfOrder.owedBack(sql`c.id`)} as a_rembourser,
  c.creneau_date::text as creneau_date, c.creneau_debut::text as creneau_debut, c.creneau_fin::text as creneau_fin`

const summaryFrom = sql`from commandes c
  join clients cl on cl.id = c.client_id
  join modepaiements mp on mp.id = c.modepaiement_id
  join modelivraisons ml on ml.id = c.modelivraison_id
  left join depots d on d.id = c.depot_id`

/** A Dakar day's first instant (Dakar is UTC all year, but the zone is named for clarity). */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${DAKAR}`

/** Digits of a phone number as the indexes of migration 0009 hold them. */
const phoneDigits = (column: SQL) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`)

/** What may be part of an order's number (`TRG-261127-XC5836`): three characters at least, the least a trigram index can use. */
const NUMBER_PART = /^[A-Za-z0-9-]{3,40}$/
/** What reads as a phone number: digits with the usual separators, four digits at least. */
const PHONE = /^\+?[\d\s.-]+$/

/**
 * Where the staff's search `q` may be found in the order `o`: anywhere in its number, whatever
 * its case (a customer on the phone reads its end, « XC5836 »), in the phone numbers by their
 * digits, or in the customer's name or email. Every branch has its trigram index (migrations
 * 0009, 0014), so they combine into one bitmap scan.
 */
function search(q: string, o: SQL): SQL {
  const branches: SQL[] = []
  if (NUMBER_PART.test(q)) branches.push(sql`${o}.numerocommande ilike ${`%${escapeLike(q)}%`}`)
  const digits = q.replace(/\D/g, '')
  if (PHONE.test(q) && digits.length >= 4) {
    branches.push(
      sql`${phoneDigits(sql`${o}.tel`)} like ${`%${digits}%`}`,
      sql`${o}.client_id = any(array(select id from clients where ${phoneDigits(sql`telephone`)} like ${`%${digits}%`}))`,
    )
  } else {
    const words = `%${escapeLike(q)}%`
    branches.push(sql`${o}.client_id = any(array(select id from clients where (coalesce(prenom, '') || ' ' || coalesce(name, '')) ilike ${words} or coalesce(email, '') ilike ${words}))`)
  }
  return sql`(${sql.join(branches, sql` or `)})`
}

/**
 * A search matching at most this many orders is read by their ids. The planner, asked for a page
 * in date order, would otherwise walk the orders by date testing each against the patterns until
 * the page is full: quick for a common term, but a second on 100,000 orders for a rare one (a
 * number's end matches one order), as it cannot tell them apart.
 */
const FEW_MATCHES = 1000

/**
 * The filter, on the order's own columns only (codes and the customer resolved in sub-queries
 * run once), so that the count needs no join and every branch has an index (migration 0009).
 */
function where(filter: OrderFilter, matches?: readonly number[]): SQL {
  const parts: SQL[] = []
  if (filter.etat?.length) parts.push(sql`c.etat in (${sql.join(filter.etat.map((e) => sql`${e}`), sql`, `)})`)
  if (filter.du) parts.push(sql`c.datecomm >= ${dayStart(filter.du)}`)
  if (filter.au) parts.push(sql`c.datecomm < ${dayStart(filter.au)} + interval '1 day'`)
  if (filter.modelivraison) parts.push(sql`c.modelivraison_id = (select id from modelivraisons where code = ${filter.modelivraison})`)
  if (filter.modepaiement) parts.push(sql`c.modepaiement_id = (select id from modepaiements where code = ${filter.modepaiement})`)
  if (filter.zone) parts.push(sql`lower(c.zone) = lower(${filter.zone})`)
  if (filter.depot != null) parts.push(sql`c.depot_id = ${filter.depot}`)
  // The dispatch module's table of each order's courier now, read here for the filter only.
  if (filter.livreur != null) parts.push(sql`c.id in (select commande_id from commandes_livreur where livreur_id = ${filter.livreur})`)
  if (filter.creneau_date) parts.push(sql`c.creneau_date = ${filter.creneau_date}::date`)
  if (filter.creneau != null) parts.push(sql`c.creneau_id = ${filter.creneau}`)
  const q = filter.q?.trim()
  if (q) parts.push(matches ? sql`c.id = any(${intArray(matches)})` : search(q, sql`c`))
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``
}

const orderBy = (sort: OrderSort, dir: 'asc' | 'desc'): SQL => {
  const d = dir === 'asc' ? sql`asc` : sql`desc`
  if (sort === 'montant') return sql`order by ${ORDER_TOTAL} ${d}, c.id ${d}`
  if (sort === 'numero') return sql`order by c.numerocommande ${d}`
  if (sort === 'creneau') return sql`order by c.creneau_date ${d} nulls last, c.creneau_debut ${d}, c.id ${d}`
  return sql`order by c.datecomm ${d}, c.id ${d}`
}

/** One order line of the accountant's export (ADR 060), its order's columns repeated. */
export interface ExportLineRow {
  id: number
  numerocommande: string
  /** Dakar's wall time, `YYYY-MM-DD HH:MM:SS`. */
  date: string
  etat: string
  client: string
  telephone: string | null
  zone: string | null
  ml_designation: string
  mp_designation: string
  montantcommande: number
  montantliv: number
  remise: number
  remise_livraison: number | null
  montant_total: number
  /** What the order's refunds done gave back in all. */
  rembourse: number
  ligne_id: number | null
  produit_id: number | null
  variante_id: number | null
  produit: string | null
  variante: string | null
  code: string | null
  quantite: number | null
  prix: number | null
  supplement: number | null
  /** What refunds by line gave back for this line's variant (null amounts of older rows: price × quantity). */
  rembourse_ligne: number
  /** When it became a sale, Dakar's wall time (the sales report's rule, ADR 059); null if it never did. */
  vendue_le: string | null
}

/**
 * The export's statement: every line of the filtered orders, newest order first, an order's
 * lines together (by line id), for a cursor to read in batches. An order without lines still
 * has its row. Refunds count once done (`effectue`).
 */
export function exportLinesQuery(filter: OrderFilter): SQL {
  return sql`select c.id, c.numerocommande, to_char(c.datecomm at time zone ${DAKAR}, 'YYYY-MM-DD HH24:MI:SS') as date, c.etat,
      trim(coalesce(cl.prenom, '') || ' ' || coalesce(cl.name, '')) as client, coalesce(c.tel, cl.telephone) as telephone, c.zone,
      ml.designation as ml_designation, mp.designation as mp_designation,
      c.montantcommande, c.montantliv, c.remise, c.remise_livraison, c.montant_total,
      coalesce((select sum(r.montant) from remboursements r where r.commande_id = c.id and ${refundCounts(sql`r`)}), 0)::int as rembourse,
      dc.id as ligne_id, dc.produit_id, dc.variante_id, p.designation as produit,
      nullif(concat_ws(' ', v.valeur1, v.valeur2, v.valeur3), '') as variante, coalesce(v.code, p.code) as code,
      dc.quantite, dc.prix, dc.supplement,
      to_char(${saleMoment(sql`c`)} at time zone ${DAKAR}, 'YYYY-MM-DD HH24:MI:SS') as vendue_le,
      case when dc.id is null then 0 else coalesce((select sum(coalesce(rl.montant, rl.prix * rl.quantite)) from remboursement_lignes rl
        join remboursements r on r.id = rl.remboursement_id
        where r.commande_id = c.id and ${refundCounts(sql`r`)} and rl.produit_id = dc.produit_id
          and rl.variante_id is not distinct from dc.variante_id), 0)::int end as rembourse_ligne
    from commandes c
    join clients cl on cl.id = c.client_id
    join modepaiements mp on mp.id = c.modepaiement_id
    join modelivraisons ml on ml.id = c.modelivraison_id
    left join detail_commandes dc on dc.commande_id = c.id
    left join produits p on p.id = dc.produit_id
    left join variantes v on v.id = dc.variante_id
    ${where(filter)}
    order by c.datecomm desc, c.id desc, dc.id`
}

/** The rows of a raw statement. */
export const rowsOf = async <T>(db: Executor, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

export function createBackofficeOrdersRepository(db: Executor) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

  return {
    async page(filter: OrderFilter, sort: OrderSort, dir: 'asc' | 'desc', limit: number, offset: number) {
      const q = filter.q?.trim()
      const found = q ? await rows<{ id: number }>(sql`select id from commandes s where ${search(q, sql`s`)} limit ${FEW_MATCHES + 1}`) : []
      const w = where(filter, q && found.length <= FEW_MATCHES ? found.map((r) => r.id) : undefined)
      const [data, [count]] = await Promise.all([
        rows<SummaryRow>(sql`select ${summaryColumns} ${summaryFrom} ${w} ${orderBy(sort, dir)} limit ${limit} offset ${offset}`),
        rows<{ total: number }>(sql`select count(*)::int as total from commandes c ${w}`),
      ])
      return { data: data.map(fixDates), total: count?.total ?? 0 }
    },

    async byNumbers(numeros: string[]) {
      if (numeros.length === 0) return []
      const list = sql.join(numeros.map((n) => sql`${n}`), sql`, `)
      return (await rows<SummaryRow & DetailExtraRow>(sql`select ${summaryColumns}, c.remise_livraison, c.tel, c.adresseliv, c.repere, c.latitude, c.longitude,
        c.note_preparation, c.prepare_le, c.supplement, c.supplement_accepte_le ${summaryFrom} where c.numerocommande in (${list})`)).map(fixDates)
    },

    async lines(orderIds: number[]) {
      if (orderIds.length === 0) return []
      return rows<{
        commande_id: number
        produit_id: number
        designation: string
        code: string | null
        image: string | null
        variante_id: number | null
        variante_designation: string | null
        variante_code: string | null
        quantite: number
        prix: number
        id: number
        remplacer: boolean
        quantite_commandee: number | null
        remplace_ligne_id: number | null
        supplement: number
        categorie: string | null
      }>(
        // The variant sold (ADR 053 §4): its name is the product's followed by its values. The
        // preparation's columns and the category the picking list groups by (ADR 055).
        sql`select dc.commande_id, p.id as produit_id, p.designation, p.code, p.image, v.id as variante_id,
              concat_ws(' ', p.designation, v.valeur1, v.valeur2, v.valeur3) as variante_designation, v.code as variante_code, dc.quantite, dc.prix,
              dc.id, dc.remplacer, dc.quantite_commandee, dc.remplace_ligne_id, dc.supplement,
              (select cat.designation from souscategories sc join categories cat on cat.id = sc.categorie_id where sc.id = p.souscategorie_id) as categorie
            from detail_commandes dc join produits p on p.id = dc.produit_id left join variantes v on v.id = dc.variante_id
            where dc.commande_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) order by dc.id`,
      )
    },

    async history(orderIds: number[]) {
      if (orderIds.length === 0) return []
      return (
        await rows<{ commande_id: number; at: Date; from_etat: string | null; to_etat: string; actor_kind: string; actor_id: string | null; reason: string | null; acteur_nom: string | null }>(
          sql`select h.commande_id, h.at, h.from_etat, h.to_etat, h.actor_kind, h.actor_id, h.reason,
                case when h.actor_kind in ('client', 'staff') then nullif(trim(coalesce(s.prenom, '') || ' ' || coalesce(s.name, '')), '')
                     when h.actor_kind = 'provider' then h.actor_id else null end as acteur_nom
              from order_history h
              left join clients s on h.actor_kind in ('client', 'staff') and s.id = (case when h.actor_id ~ '^[0-9]{1,9}$' then h.actor_id::int end)
              where h.commande_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) order by h.id`,
        )
      ).map((r) => ({ ...r, at: new Date(r.at) }))
    },

    /** The orders with nothing left to refund: refunds done or under way reach what was paid (ADR 025). */
    async refunded(orderIds: number[]) {
      if (orderIds.length === 0) return new Set<number>()
      const found = await rows<{ commande_id: number }>(
        sql`select c.id as commande_id from commandes c
            where c.id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})
              and (select coalesce(sum(r.montant), 0) from remboursements r where r.commande_id = c.id and r.statut in ('en_cours', 'effectue'))
                >= coalesce(${paymentsOfOrder.receivedAmount(sql`c.id`)}, ${ORDER_TOTAL})`,
      )
      return new Set(found.map((r) => r.commande_id))
    },

    /** The dashboard's counts, orders about to expire and low stock; its sales are the reports module's (ADR 059). */
    async dashboard(now: Date) {
      const [counts, expiring, lowStock] = await Promise.all([
        rows<{ etat: string; n: number }>(
          sql`select etat, count(*)::int as n from commandes where etat in (${TO_ACT_ON}) group by etat`,
        ),
        rows<SummaryRow>(
          sql`select ${summaryColumns} ${summaryFrom}
              where c.etat in (${UNPAID}) and c.expires_at is not null
                and c.expires_at > ${now} and c.expires_at <= ${now}::timestamptz + interval '10 minutes'
              order by c.expires_at limit 50`,
        ),
        rows<{ id: number; designation: string; code: string | null; quantite: number; seuil: number }>(
          // By variant (ADR 053): « Riz brisé parfumé 25 kg » runs low while the 5 kg does not.
          sql`select p.id, concat_ws(' ', p.designation, v.valeur1, v.valeur2, v.valeur3) as designation,
                     v.code, v.quantite, v.seuil
              from variantes v join produits p on p.id = v.produit_id
              where p.actif and v.actif and v.quantite <= v.seuil order by v.quantite, v.id limit 20`,
        ),
      ])
      return { counts, expiring: expiring.map(fixDates), lowStock }
    },
  }
}

/** Raw rows give timestamps as strings: made Dates again. */
function fixDates<T extends { datecomm: Date; expires_at: Date | null }>(row: T): T {
  return { ...row, datecomm: new Date(row.datecomm), expires_at: row.expires_at ? new Date(row.expires_at) : null }
}

export type BackofficeOrdersRepository = ReturnType<typeof createBackofficeOrdersRepository>
