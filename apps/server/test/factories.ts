// Test data factories with overrides: each test makes the catalogue it needs.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../src/db/client.ts'
import { categories, clients, produits, roles, souscategories } from '../src/db/schema.ts'

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
  return row!
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
