// Test data factories with overrides: each test makes the catalogue it needs.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../src/db/client.ts'
import { categories, clients, modelivraisons, modepaiements, produits, roles, souscategories, variantes } from '../src/db/schema.ts'
import type { SignedIn } from './helpers.ts'

type Db = Database['db']
const unique = () => randomUUID().slice(0, 8)

export async function makeCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const [row] = await db
    .insert(categories)
    .values({ designation: `Catégorie ${unique()}`, image: 'catalogue/basket', ...overrides })
    .returning()
  return row!
}

export async function makeSubcategory(db: Db, overrides: Partial<typeof souscategories.$inferInsert> = {}) {
  const categorieId = overrides.categorieId ?? (await makeCategory(db)).id
  const [row] = await db
    .insert(souscategories)
    .values({ designation: `Rayon ${unique()}`, image: 'catalogue/basket', ...overrides, categorieId })
    .returning()
  return row!
}

/**
 * A product as the previous release's back office wrote one, a row of `produits`: the database
 * gives it its one variant from the row (migration 0033), whose id is answered beside the row.
 */
export async function makeProduct(db: Db, overrides: Partial<typeof produits.$inferInsert> = {}) {
  const souscategorieId = overrides.souscategorieId ?? (await makeSubcategory(db)).id
  const [row] = await db
    .insert(produits)
    .values({
      designation: `Produit ${unique()}`,
      description: 'Un produit de test.',
      code: `TST-${unique()}`,
      prix: 1500,
      quantite: 50,
      unite: 'pièce',
      image: 'catalogue/basket',
      ...overrides,
      souscategorieId,
    })
    .returning()
  const [variant] = await db.select({ id: variantes.id }).from(variantes).where(eq(variantes.produitId, row!.id))
  return { ...row!, varianteId: variant!.id }
}

/**
 * A product with one option and a variant per value (ADR 053), written as the database takes
 * them: the product's options, its first variant given the first value, the others inserted; the
 * summary (price, stock, count) follows from the variants. Answers the row and its variants' ids in order.
 */
export async function makeProductWithVariants(
  db: Db,
  option: string,
  variants: ReadonlyArray<{ valeur: string; prix: number; quantite: number; code?: string }>,
  overrides: Partial<typeof produits.$inferInsert> = {},
) {
  const product = await makeProduct(db, overrides)
  await db.update(produits).set({ options: [{ nom: option, valeurs: variants.map((v) => v.valeur) }] }).where(eq(produits.id, product.id))
  const [first, ...rest] = variants
  await db
    .update(variantes)
    .set({ valeur1: first!.valeur, prix: first!.prix, quantite: first!.quantite, code: first!.code ?? `${product.code}-1` })
    .where(eq(variantes.id, product.varianteId))
  const others = rest.length
    ? await db
        .insert(variantes)
        .values(rest.map((v, i) => ({ produitId: product.id, position: i + 1, valeur1: v.valeur, prix: v.prix, quantite: v.quantite, code: v.code ?? `${product.code}-${i + 2}` })))
        .returning({ id: variantes.id })
    : []
  return { ...product, varianteIds: [product.varianteId, ...others.map((o) => o.id)] }
}

/** n products in one new sub-category. */
export async function makeProducts(db: Db, n: number, overrides: Partial<typeof produits.$inferInsert> = {}) {
  const sub = overrides.souscategorieId ? { id: overrides.souscategorieId } : await makeSubcategory(db)
  const rows = []
  for (let i = 0; i < n; i++) rows.push(await makeProduct(db, { ...overrides, souscategorieId: sub.id }))
  return { souscategorieId: sub.id, products: rows }
}

/** Gives the signed-in client `userId` a role by name (`admin`, `gestionnaire`, `client`). */
export async function grantRole(db: Db, userId: number, role: string) {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role))
  if (!row) throw new Error(`no role ${role}`)
  await db.update(clients).set({ roleId: row.id }).where(eq(clients.id, userId))
}

/** Where most tests deliver: a home in Mermoz, with the customer's phone. */
export const HOME_DELIVERY = { adresseliv: 'Rue 10, villa 24, Mermoz', zone: 'Mermoz', tel: '+221 77 123 45 67' }

/**
 * An order placed as a customer places it, through the API: each `[product, units]` line put in
 * `who`'s cart, then POST /api/commande for a home delivery paid by `mode` (a payment mode's
 * code, cash by default), `extra` added to the body. Answers the order's response.
 */
export async function placeHomeOrder(
  app: FastifyInstance,
  db: Db,
  who: SignedIn,
  lines: Array<[produit: number, quantite: number]>,
  { mode = 'CASH', ...extra }: { mode?: string } & Record<string, unknown> = {},
) {
  const [livraison] = await db.select({ id: modelivraisons.id }).from(modelivraisons).where(eq(modelivraisons.code, 'DOMICILE'))
  const [paiement] = await db.select({ id: modepaiements.id }).from(modepaiements).where(eq(modepaiements.code, mode))
  for (const [produit, quantite] of lines) {
    const added = await app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, produit, quantite, action: 0 } })
    if (added.statusCode !== 200) throw new Error(`the cart refused product ${produit}: ${added.statusCode} ${added.body}`)
  }
  return app.inject({ method: 'POST', url: '/api/commande', headers: who.auth, payload: { modelivraison: livraison!.id, modepaiement: paiement!.id, ...HOME_DELIVERY, ...extra } })
}
