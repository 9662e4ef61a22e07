// The SQL of a grid page sorted or filtered (issue 19 §2, ADR 035): which products, in which
// order, read from an index so that a page of 100,000 products reads its rows, not the
// catalogue. A price sort merges two index-ordered streams (products at their price, by
// produits_prix_idx; products whose sale runs, at their sale price, by produits_prix_promo_idx),
// since the price a shopper pays now depends on the clock and no index can hold it; best
// sellers merge the products that sold (ventes_recentes, by units) with the others (by id).
import { and, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { GridSort } from '@teranga/shared/catalogue-grid'
import { produits, produitsComptes, ventesRecentes } from '../../db/schema.ts'
import { priceNow, saleRuns, visibleProduct } from './product-projection.ts'

export interface GridFilter {
  /** A sub-category's id, or the placeholder of a prepared statement; none for the whole catalogue. */
  souscategorie?: number | Placeholder | null | undefined
  enStock: boolean
  /** Only products whose sale runs. */
  promotion: boolean
  /** The range of the price paid now. */
  prixMin?: number | null | undefined
  prixMax?: number | null | undefined
}

/** The price range on a price column (`prix` or `prix_promo`, which is then the price now). */
function inRange(column: SQL | AnyPgColumn, min?: number | null, max?: number | null): SQL[] {
  const bounds: SQL[] = []
  if (min != null) bounds.push(sql`${column} >= ${min}`)
  if (max != null) bounds.push(sql`${column} <= ${max}`)
  return bounds
}

/** The range of the price paid now (a search's matches filter on it), or nothing. */
export function priceNowRange(min?: number | null, max?: number | null): SQL | undefined {
  return and(...inRange(priceNow, min, max))
}

/** Every condition but the price range: visibility, sub-category, stock, on sale. */
function filterWhere(filter: GridFilter): SQL {
  return visibleProduct(
    and(
      filter.souscategorie != null ? sql`${produits.souscategorieId} = ${filter.souscategorie}` : undefined,
      filter.enStock ? sql`${produits.quantite} > 0` : undefined,
      filter.promotion ? saleRuns : undefined,
    ),
  )!
}

/** Every condition of the filter, the price range on the price now. */
export function gridWhere(filter: GridFilter): SQL {
  return and(filterWhere(filter), priceNowRange(filter.prixMin, filter.prixMax))!
}

/**
 * The exact number of products the filter keeps, as one integer expression that reads no more
 * than the counts of `produits_comptes` (by sub-category, in stock, regular price; ADR 039) and
 * the products whose sale runs: they are counted there at their regular price, so with a price
 * range those whose sale price falls in it are added and those whose regular price does are
 * taken off. Only products on sale (`promotion`) are counted from their own rows: they are few.
 */
export function gridTotal(filter: GridFilter): SQL<number> {
  if (filter.promotion) return sql<number>`(select count(*)::int from ${produits} where ${gridWhere(filter)})`
  const counts = and(
    filter.souscategorie != null ? sql`${produitsComptes.souscategorieId} = ${filter.souscategorie}` : undefined,
    filter.enStock ? sql`${produitsComptes.enStock}` : undefined,
    ...inRange(produitsComptes.prix, filter.prixMin, filter.prixMax),
  )
  const counted = sql`(select coalesce(sum(${produitsComptes.n}), 0) from ${produitsComptes}${counts ? sql` where ${counts}` : sql``})`
  if (filter.prixMin == null && filter.prixMax == null) return sql<number>`${counted}::int`
  const inPromoRange = and(...inRange(produits.prixPromo, filter.prixMin, filter.prixMax))
  const inRegularRange = and(...inRange(produits.prix, filter.prixMin, filter.prixMax))
  const onSale = sql`(select count(*) filter (where ${inPromoRange}) - count(*) filter (where ${inRegularRange})
    from ${produits} where ${and(filterWhere(filter), saleRuns)})`
  return sql<number>`(${counted} + ${onSale})::int`
}

/** Units sold over the last 30 days (0 when none), for a product row of `produits`. */
export const unitsSold = sql<number>`coalesce((select ${ventesRecentes.quantite} from ${ventesRecentes} where ${ventesRecentes.produitId} = ${produits.id}), 0)`

/** The order of a sort over rows of `produits` (a search's matches), the id last so that pages never overlap. */
export function sortKeys(tri: GridSort | null | undefined): SQL[] {
  switch (tri) {
    case 'prix_croissant':
      return [sql`${priceNow} asc`, sql`${produits.id} asc`]
    case 'prix_decroissant':
      return [sql`${priceNow} desc`, sql`${produits.id} desc`]
    case 'nouveautes':
      return [sql`${produits.createdAt} desc`, sql`${produits.id} desc`]
    case 'meilleures_ventes':
      return [sql`${unitsSold} desc`, sql`${produits.id} asc`]
    default:
      return [sql`${produits.id} asc`]
  }
}

/** A page's bounds: numbers, or placeholders of a prepared statement (`limit` is `offset + count`). */
export interface PageBounds {
  count: number | Placeholder
  offset: number | Placeholder
  limit: number | Placeholder
}

/**
 * The ids of one page, as rows `(id, ord)`, `ord` their place on the page. Each stream reads
 * at most `offset + count` rows of its index.
 */
export function orderedPage(filter: GridFilter, tri: GridSort | null | undefined, { count, offset, limit }: PageBounds): SQL {
  const { prixMin, prixMax } = filter
  const where = filterWhere(filter)
  const page = (union: SQL, keys: SQL) =>
    sql`select u.id, row_number() over (order by ${keys}) as ord from (${union}) u order by ${keys} limit ${count} offset ${offset}`

  if (tri === 'prix_croissant' || tri === 'prix_decroissant') {
    const dir = tri === 'prix_croissant' ? sql.raw('asc') : sql.raw('desc')
    const onSale = sql`(select ${produits.id} as id, ${produits.prixPromo} as k from ${produits}
      where ${and(where, saleRuns, ...inRange(produits.prixPromo, prixMin, prixMax))} order by ${produits.prixPromo} ${dir}, ${produits.id} ${dir} limit ${limit})`
    // Only products on sale: their stream alone (the other would read the whole index for nothing).
    const union = filter.promotion
      ? onSale
      : sql`(select ${produits.id} as id, ${produits.prix} as k from ${produits}
          where ${and(where, sql`not ${saleRuns}`, ...inRange(produits.prix, prixMin, prixMax))} order by ${produits.prix} ${dir}, ${produits.id} ${dir} limit ${limit})
        union all ${onSale}`
    return page(union, sql`u.k ${dir}, u.id ${dir}`)
  }
  const all = gridWhere(filter)
  if (tri === 'meilleures_ventes') {
    const union = sql`(select ${produits.id} as id, 0 as g, ${ventesRecentes.quantite} as k from ${ventesRecentes}
        join ${produits} on ${produits.id} = ${ventesRecentes.produitId}
        where ${all} order by ${ventesRecentes.quantite} desc, ${ventesRecentes.produitId} limit ${limit})
      union all
      (select ${produits.id}, 1, 0 from ${produits}
        where ${and(all, sql`not exists (select 1 from ${ventesRecentes} where ${ventesRecentes.produitId} = ${produits.id})`)}
        order by ${produits.id} limit ${limit})`
    return page(union, sql`u.g, u.k desc, u.id`)
  }
  if (tri === 'nouveautes') {
    return page(sql`select ${produits.id} as id, ${produits.createdAt} as k from ${produits} where ${all} order by ${produits.createdAt} desc, ${produits.id} desc limit ${limit}`, sql`u.k desc, u.id desc`)
  }
  return page(sql`select ${produits.id} as id from ${produits} where ${all} order by ${produits.id} limit ${limit}`, sql`u.id`)
}
