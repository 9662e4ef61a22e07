// Reads of the back office's orders (docs/back-office-api.md, Dashboard and Orders): the
// dashboard's figures and the staff list, filtered, sorted and paginated in SQL.
import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'

/** Dakar is UTC+0 all year; days are still computed in its zone so that a change stays one line. */
const TZ = 'Africa/Dakar'

/** A product's low-stock threshold: its own `seuil` (set in the back office's product form). */
export function lowStockThreshold(): SQL {
  return sql`p.seuil`
}

export const ACTIONABLE = ['en_attente', 'payee', 'confirmee', 'en_preparation', 'prete_retrait', 'en_livraison'] as const
/** Orders that count as sales: neither cancelled, refunded nor unpaid. */
const NOT_SALES = sql`('annulee', 'remboursee', 'en_attente_paiement', 'echec_paiement')`

export interface OrderFilters {
  etat?: string[] | undefined
  du?: string | undefined
  au?: string | undefined
  modelivraison?: string | undefined
  zone?: string | undefined
  depot?: number | undefined
  modepaiement?: string | undefined
  q?: string | undefined
}

export type OrderSort = 'datecomm' | 'montant' | 'numero'

export interface SummaryRow {
  numero: string
  etat: string
  datecomm: Date
  client_id: number
  client_nom: string | null
  client_telephone: string | null
  total: number
  mp_code: string
  mp_designation: string
  ml_code: string
  ml_designation: string
  zone: string | null
  depot_id: number | null
  depot_designation: string | null
  a_rembourser: boolean
  expires_at: Date | null
}

export interface DetailRow extends SummaryRow {
  id: number
  montantcommande: number
  montantliv: number
  remise: number
  tel: string | null
  adresseliv: string | null
  latitude: number | null
  longitude: number | null
  client_prenom: string | null
  client_name: string | null
  client_email: string | null
}
export interface LineRow { commande_id: number; id: number; designation: string; code: string; image: string | null; quantite: number; prix: number }
export interface HistoryRow { commande_id: number; at: Date; from_etat: string | null; to_etat: string; actor_kind: string; reason: string | null; acteur_nom: string | null }
export interface PaymentRow { commande_id: number; provider: string; statut: string; montant: number }

const summaryColumns = sql`c.numerocommande as numero, c.etat, c.datecomm, c.client_id,
  nullif(trim(concat_ws(' ', cl.prenom, cl.name)), '') as client_nom, cl.telephone as client_telephone,
  (c.montantcommande + c.montantliv - c.remise)::int as total,
  mp.code as mp_code, mp.designation as mp_designation, ml.code as ml_code, ml.designation as ml_designation,
  c.zone, d.id as depot_id, d.designation as depot_designation,
  exists (select 1 from paiements pa where pa.commande_id = c.id and pa.statut = 'a_rembourser') as a_rembourser,
  c.expires_at`

const summaryFrom = sql`from commandes c
  join clients cl on cl.id = c.client_id
  join modepaiements mp on mp.id = c.modepaiement_id
  join modelivraisons ml on ml.id = c.modelivraison_id
  left join depots d on d.id = c.depot_id`

/** The digits of the order's phone: the expression indexed by migration 0009. */
const telDigits = sql`regexp_replace(coalesce(c.tel, ''), '[^0-9]', '', 'g')`

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

function where(f: OrderFilters): SQL {
  const parts: SQL[] = [sql`true`]
  if (f.etat?.length) parts.push(sql`c.etat in (${sql.join(f.etat.map((e) => sql`${e}`), sql`, `)})`)
  if (f.du) parts.push(sql`c.datecomm >= (${f.du}::date)::timestamp at time zone ${TZ}`)
  if (f.au) parts.push(sql`c.datecomm < ((${f.au}::date) + 1)::timestamp at time zone ${TZ}`)
  if (f.modelivraison) parts.push(sql`c.modelivraison_id in (select id from modelivraisons where code = ${f.modelivraison})`)
  if (f.modepaiement) parts.push(sql`c.modepaiement_id in (select id from modepaiements where code = ${f.modepaiement})`)
  if (f.zone) parts.push(sql`c.zone ilike ${'%' + escapeLike(f.zone) + '%'}`)
  if (f.depot !== undefined) parts.push(sql`c.depot_id = ${f.depot}`)
  if (f.q) {
    const q = f.q.trim()
    const digits = q.replace(/\D/g, '')
    // Each way of matching reads its own index; their union keeps them apart (an OR would scan).
    const alts: SQL[] = [sql`select id from commandes where numerocommande like ${escapeLike(q.toUpperCase()) + '%'}`]
    // The digits of the order's phone (trigram index of 0009) or of the customer's.
    if (digits.length >= 4) alts.push(sql`select c.id from commandes c where ${telDigits} like ${'%' + digits + '%'}`)
    const text = '%' + escapeLike(q) + '%'
    alts.push(
      sql`select o.id from commandes o where o.client_id in (select cl.id from clients cl where cl.email ilike ${text} or concat_ws(' ', cl.prenom, cl.name) ilike ${text}${
        digits.length >= 4 ? sql` or regexp_replace(coalesce(cl.telephone, ''), '[^0-9]', '', 'g') like ${'%' + digits + '%'}` : sql``
      })`,
    )
    parts.push(sql`c.id in (${sql.join(alts, sql` union `)})`)
  }
  return sql.join(parts, sql` and `)
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => '\\' + m)
}

export function createBackofficeOrdersRepository(db: Executor) {
  return {
    async list(f: OrderFilters, sort: OrderSort, dir: 'asc' | 'desc', limit: number, offset: number) {
      const direction = dir === 'asc' ? sql`asc` : sql`desc`
      // Filters touch only the orders' own columns (or subqueries): the page is chosen on
      // `commandes` alone with its indexes, then joined; the total is counted apart.
      const cond = where(f)
      const column = sort === 'montant' ? sql`(c.montantcommande + c.montantliv - c.remise)` : sort === 'numero' ? sql`c.numerocommande` : sql`c.datecomm`
      const rows = rowsOf<SummaryRow>(
        await db.execute(sql`with page as (
            select c.id from commandes c where ${cond} order by ${column} ${direction}, c.id ${direction} limit ${limit} offset ${offset}
          )
          select ${summaryColumns} ${summaryFrom} join page on page.id = c.id order by ${column} ${direction}, c.id ${direction}`),
      )
      const total = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from commandes c where ${cond}`))[0]?.n ?? 0)
      return { rows, total }
    },

    /** The orders `numeros` with their lines, history and last payment attempt, for the detail and the slips. */
    async details(numeros: string[]) {
      if (numeros.length === 0) return []
      const list = sql.join(numeros.map((n) => sql`${n}`), sql`, `)
      const orders = rowsOf<DetailRow>(
        await db.execute(sql`select ${summaryColumns}, c.id, c.montantcommande, c.montantliv, c.remise, c.tel, c.adresseliv, c.latitude, c.longitude,
            cl.prenom as client_prenom, cl.name as client_name, cl.email as client_email
          ${summaryFrom} where c.numerocommande in (${list})`),
      )
      if (orders.length === 0) return []
      const ids = sql.join(orders.map((o) => sql`${o.id}`), sql`, `)
      const lines = rowsOf<LineRow>(
        await db.execute(sql`select dc.commande_id, p.id, p.designation, p.code, p.image, dc.quantite, dc.prix
          from detail_commandes dc join produits p on p.id = dc.produit_id where dc.commande_id in (${ids}) order by dc.id`),
      )
      const history = rowsOf<HistoryRow>(
        await db.execute(sql`select h.commande_id, h.at, h.from_etat, h.to_etat, h.actor_kind, h.reason,
            case when h.actor_kind in ('client', 'staff') then (select nullif(trim(concat_ws(' ', s.prenom, s.name)), '') from clients s where s.id::text = h.actor_id)
                 else h.actor_id end as acteur_nom
          from order_history h where h.commande_id in (${ids}) order by h.id`),
      )
      const payments = rowsOf<PaymentRow>(
        await db.execute(sql`select distinct on (commande_id) commande_id, provider, statut, montant from paiements
          where commande_id in (${ids}) order by commande_id, id desc`),
      )
      const byOrder = new Map(orders.map((o) => [o.numero, o]))
      return numeros.flatMap((n) => {
        const o = byOrder.get(n)
        if (!o) return []
        return [{ order: o, lines: lines.filter((l) => l.commande_id === o.id), history: history.filter((h) => h.commande_id === o.id), payment: payments.find((p) => p.commande_id === o.id) ?? null }]
      })
    },

    async dashboard(now: Date) {
      const counts = rowsOf<{ etat: string; n: number }>(
        await db.execute(sql`select etat, count(*)::int as n from commandes
          where etat in (${sql.join(ACTIONABLE.map((e) => sql`${e}`), sql`, `)}) group by etat`),
      )
      const expiring = rowsOf<SummaryRow>(
        await db.execute(sql`select ${summaryColumns} ${summaryFrom}
          where c.etat in ('en_attente_paiement', 'echec_paiement') and c.expires_at is not null
            and c.expires_at >= ${now} and c.expires_at < ${new Date(now.getTime() + 10 * 60_000)}
          order by c.expires_at limit 50`),
      )
      const lowStock = rowsOf<{ id: number; designation: string; code: string; quantite: number; seuil: number }>(
        await db.execute(sql`select p.id, p.designation, p.code, p.quantite, (${lowStockThreshold()})::int as seuil
          from produits p where p.actif and p.quantite <= ${lowStockThreshold()} order by p.quantite, p.id limit 20`),
      )
      const curve = rowsOf<{ jour: string; montant: number; commandes: number }>(
        await db.execute(sql`with days as (
            select generate_series((${now}::timestamptz at time zone ${TZ})::date - 29, (${now}::timestamptz at time zone ${TZ})::date, interval '1 day')::date as jour
          ), sales as (
            select (c.datecomm at time zone ${TZ})::date as jour, sum(c.montantcommande + c.montantliv - c.remise)::int as montant, count(*)::int as commandes
            from commandes c
            where c.etat not in ${NOT_SALES}
              and c.datecomm >= (((${now}::timestamptz at time zone ${TZ})::date - 29)::timestamp at time zone ${TZ})
            group by 1
          )
          select to_char(days.jour, 'YYYY-MM-DD') as jour, coalesce(sales.montant, 0)::int as montant, coalesce(sales.commandes, 0)::int as commandes
          from days left join sales using (jour) order by days.jour`),
      )
      return { counts, expiring, lowStock, curve }
    },
  }
}

export type BackofficeOrdersRepository = ReturnType<typeof createBackofficeOrdersRepository>
