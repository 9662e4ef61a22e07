// The customers as the back office sees them: a searchable, sorted page, and one customer's
// addresses, latest orders and points movements.
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { adresses, clients, commandes, privileges, zonesLivraison } from '../../db/schema.ts'
import type { PageArgs } from '../../lib/pagination.ts'
import { balanceOf } from '../loyalty/loyalty.service.ts'
import { paymentsOfOrder } from '../payments/payment-ledger.service.ts'

export const CUSTOMER_SORTS = ['created_at', 'name', 'points'] as const
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`)

/** `q` over the name, first name, email and phone (the phone compared on its digits). */
function search(raw: string | undefined): SQL | undefined {
  const q = raw?.trim()
  if (!q) return undefined
  const like = `%${escapeLike(q)}%`
  const digits = q.replace(/[^0-9]/g, '')
  const phone = digits.length >= 3 ? sql` or regexp_replace(coalesce(${clients.telephone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}` : sql``
  return sql`(${clients.name} ilike ${like} or ${clients.prenom} ilike ${like} or ${clients.email} ilike ${like} or (coalesce(${clients.prenom}, '') || ' ' || coalesce(${clients.name}, '')) ilike ${like}${phone})`
}

// Drizzle writes a one-table select's columns without their table, so `${clients.id}` inside
// a subquery on commandes would name the order's own id: the customer's id is spelled in full.
const customerId = sql.raw('"clients"."id"')

/** One customer of the export (ADR 060); the address columns only when asked. */
export interface CustomerExportRow {
  id: number
  prenom: string | null
  name: string | null
  email: string | null
  telephone: string | null
  inscrit: string
  commandes: number
  points: number
  privilege: string | null
  adresse?: string | null
  zone?: string | null
  repere?: string | null
}

/**
 * The customers' export statement, for a cursor (ADR 060): the list's search, oldest account
 * first. The address (the default one, else the first) only with `addresses`: a customer's
 * address leaves the shop only when the admin asks for it. No token, no sign-in data.
 */
export function customersExportQuery(filter: { q?: string | undefined }, addresses: boolean): SQL {
  const where = search(filter.q)
  const points = balanceOf(customerId)
  const address = addresses
    ? sql`, a.adresse, (select z.designation from ${zonesLivraison} z where z.id = a.zone_id) as zone, a.repere`
    : sql``
  const join = addresses
    ? sql`left join lateral (select adresse, zone_id, repere from ${adresses} where client_id = ${customerId} order by par_defaut desc, id limit 1) a on true`
    : sql``
  return sql`select ${clients.id} as id, ${clients.prenom} as prenom, ${clients.name} as name, ${clients.email} as email, ${clients.telephone} as telephone,
      to_char(${clients.createdAt} at time zone 'Africa/Dakar', 'YYYY-MM-DD HH24:MI:SS') as inscrit,
      (select count(*) from ${commandes} where ${commandes.clientId} = ${customerId})::int as commandes,
      (${points})::int as points,
      (select ${privileges.designation} from ${privileges} where ${privileges.point} <= ${points} order by ${privileges.point} desc limit 1) as privilege
      ${address}
    from ${clients} ${join}
    ${where ? sql`where ${where}` : sql``}
    order by ${clients.id}`
}

export function createCustomersRepository(db: Executor) {
  const points = balanceOf(customerId)
  const item = {
    id: clients.id,
    prenom: clients.prenom,
    name: clients.name,
    email: clients.email,
    telephone: clients.telephone,
    createdAt: clients.createdAt,
    commandes: sql<number>`(select count(*) from ${commandes} where ${commandes.clientId} = ${customerId})::int`,
    points,
    privilege: sql<string | null>`(select ${privileges.designation} from ${privileges} where ${privileges.point} <= ${points} order by ${privileges.point} desc limit 1)`,
  }
  return {
    async page(filter: { q?: string | undefined }, sort: CustomerSort, dir: 'asc' | 'desc', page: PageArgs) {
      const where = search(filter.q)
      const column = sort === 'name' ? sql`lower(coalesce(${clients.name}, '') || ' ' || coalesce(${clients.prenom}, ''))` : sort === 'points' ? points : sql`${clients.createdAt}`
      const order = dir === 'asc' ? asc(column) : desc(column)
      return db
        .select({ ...item, total: sql<number>`count(*) over()` })
        .from(clients)
        .where(where)
        .orderBy(order, dir === 'asc' ? asc(clients.id) : desc(clients.id))
        .limit(page.count)
        .offset(page.offset)
    },

    async count(filter: { q?: string | undefined }) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clients).where(search(filter.q))
      return row?.n ?? 0
    },

    async find(id: number) {
      const [row] = await db.select(item).from(clients).where(eq(clients.id, id)).limit(1)
      return row
    },

    addresses(clientId: number) {
      return db
        .select({ id: adresses.id, libelle: adresses.libelle, adresse: adresses.adresse, telephone: adresses.telephone, zone: zonesLivraison.designation, par_defaut: adresses.parDefaut })
        .from(adresses)
        .leftJoin(zonesLivraison, eq(zonesLivraison.id, adresses.zoneId))
        .where(eq(adresses.clientId, clientId))
        .orderBy(desc(adresses.parDefaut), asc(adresses.id))
    },

    /** What the customer's orders that count as sales (the payments module's one rule, ADR 050) brought, in FCFA. */
    async purchases(clientId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(c.montant_total), 0)::int` })
        .from(sql`${commandes} c`)
        .where(sql`c.client_id = ${clientId} and ${paymentsOfOrder.countsAsSale(sql`c`)}`)
      return row?.total ?? 0
    },

    orders(clientId: number, limit: number) {
      return db
        .select({ id: commandes.id, numerocommande: commandes.numerocommande, etat: commandes.etat, datecomm: commandes.datecomm, total: commandes.montantTotal })
        .from(commandes)
        .where(eq(commandes.clientId, clientId))
        .orderBy(desc(commandes.id))
        .limit(limit)
    },
  }
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>
