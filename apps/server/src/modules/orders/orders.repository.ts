// Reading orders: a page of a client's orders (or everyone's, for an admin), or one order,
// with their client, modes and depot joined, then every line of them in one more query.
import { asc, desc, eq, sql, type Placeholder } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { intArray } from '../../db/sql.ts'
import {
  categories,
  clients,
  commandes,
  depots,
  detailCommandes,
  modelivraisons,
  modepaiements,
  produits,
  roles,
  souscategories,
  variantes,
} from '../../db/schema.ts'
import { pageTotal, type PageArgs } from '../../lib/pagination.ts'
import { productColumns, productJoin, type ProductRow } from '../catalogue/product-projection.ts'
import type { OrderParticipants } from './order-participants.service.ts'

/** An order line with its product (as the catalogue shows it) and the variant sold. */
const lineColumns = (viewerId: number | Placeholder) => ({
  lineId: detailCommandes.id,
  commandeId: detailCommandes.commandeId,
  lineQuantite: detailCommandes.quantite,
  linePrix: detailCommandes.prix,
  ...productColumns(viewerId),
  // The variant sold (ADR 053 §4), null for a line older than variants.
  vId: variantes.id,
  vValeur1: variantes.valeur1,
  vValeur2: variantes.valeur2,
  vValeur3: variantes.valeur3,
  vCode: variantes.code,
})

type LineRow = ProductRow & {
  lineId: number
  commandeId: number
  lineQuantite: number
  linePrix: number
  vId: number | null
  vValeur1: string | null
  vValeur2: string | null
  vValeur3: string | null
  vCode: string | null
}

/** `participants`: where the discount code's text comes from (the promotions module's, ADR 049); null without them. */
export function createOrdersRepository(db: Executor, participants?: Pick<OrderParticipants, 'provider'>) {
  // An order with its client, modes and depot: what a page and a single order both show.
  const orderColumns = () => ({
    commande: commandes,
    client: clients,
    role: roles,
    modepaiement: modepaiements,
    modelivraison: modelivraisons,
    depot: { id: depots.id, designation: depots.designation, adresse: depots.adresse, horaires: depots.horaires },
    codepromo: participants?.provider('codes')?.codeOfOrder(commandes.codepromoId) ?? sql<string | null>`null`,
  })
  const selectOrders = () =>
    db
        .select({ ...orderColumns(), total: sql<number>`count(*) over()` })
        .from(commandes)
        .innerJoin(clients, eq(clients.id, commandes.clientId))
        .innerJoin(roles, eq(roles.id, clients.roleId))
        .innerJoin(modepaiements, eq(modepaiements.id, commandes.modepaiementId))
        .innerJoin(modelivraisons, eq(modelivraisons.id, commandes.modelivraisonId))
        .leftJoin(depots, eq(depots.id, commandes.depotId))

  /**
   * One order with its lines (below): built once per kind of viewer and run with its values
   * (ADR 038), since placing an order answers it and building it cost more than running it.
   * Built at its first use, once the modules that add columns (the discount code's) are there.
   */
  function prepareOne(name: string, liked: boolean) {
    return db
      .select({ ...orderColumns(), line: lineColumns(liked ? sql.placeholder('viewer') : 0) })
      .from(commandes)
      .innerJoin(clients, eq(clients.id, commandes.clientId))
      .innerJoin(roles, eq(roles.id, clients.roleId))
      .innerJoin(modepaiements, eq(modepaiements.id, commandes.modepaiementId))
      .innerJoin(modelivraisons, eq(modelivraisons.id, commandes.modelivraisonId))
      .leftJoin(depots, eq(depots.id, commandes.depotId))
      .leftJoin(detailCommandes, eq(detailCommandes.commandeId, commandes.id))
      .leftJoin(produits, eq(produits.id, detailCommandes.produitId))
      .leftJoin(variantes, eq(variantes.id, detailCommandes.varianteId))
      .leftJoin(souscategories, productJoin.souscategorie)
      .leftJoin(categories, productJoin.categorie)
      .where(eq(commandes.numerocommande, sql.placeholder('numero')))
      .orderBy(asc(detailCommandes.id))
      .prepare(name)
  }
  const preparedOne = new Map<string, ReturnType<typeof prepareOne>>()

  return {
    async page(clientId: number | null, page: PageArgs) {
      const where = clientId === null ? undefined : eq(commandes.clientId, clientId)
      const rows = await selectOrders()
        .where(where)
        .orderBy(desc(commandes.id))
        .limit(page.count)
        .offset(page.offset)
      const total = await pageTotal(rows, page, async () => {
        const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(commandes).where(where)
        return c?.n ?? 0
      })
      return { rows, total }
    },

    /**
     * One order by its number with its lines, in one statement (ADR 068: placing an order answers
     * it, and this read was two of its statements): a row per line, the order's columns on each;
     * one row with no line for an order without any. Undefined when there is no such order.
     */
    async one(numero: string, viewerId: number) {
      const name = viewerId ? 'order_with_lines' : 'order_with_lines_unliked'
      let statement = preparedOne.get(name)
      if (!statement) preparedOne.set(name, (statement = prepareOne(name, viewerId !== 0)))
      const rows = await statement.execute({ numero, viewer: viewerId })
      const [first] = rows
      if (!first) return undefined
      const { line: _line, ...row } = first
      return { row, lines: rows.flatMap(({ line }) => (line.lineId === null ? [] : [line as LineRow])) }
    },

    async linesOf(commandeIds: number[], viewerId: number) {
      if (commandeIds.length === 0) return []
      return (await db
        .select(lineColumns(viewerId))
        .from(detailCommandes)
        .innerJoin(produits, eq(produits.id, detailCommandes.produitId))
        .leftJoin(variantes, eq(variantes.id, detailCommandes.varianteId))
        .innerJoin(souscategories, productJoin.souscategorie)
        .innerJoin(categories, productJoin.categorie)
        // One array parameter: the same text, and prepared plan, for any number of orders.
        .where(sql`${detailCommandes.commandeId} = any(${intArray(commandeIds)})`)
        .orderBy(asc(detailCommandes.id))
        .prepare(viewerId ? 'order_lines' : 'order_lines_unliked')
        .execute()) as LineRow[]
    },
  }
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>
