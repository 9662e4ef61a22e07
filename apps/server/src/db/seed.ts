// Seeds the demo catalogue of seed-data.ts (and the zone table of packages/shared) into an
// empty database, in one transaction, so a half-seeded shop never exists.
import { sql } from 'drizzle-orm'
import { DELIVERY_ZONES } from '@teranga/shared/delivery-zones'
import type { Db, Executor } from './client.ts'
import * as t from './schema.ts'
import {
  CAROUSEL,
  CATALOGUE,
  DELIVERY_MODES,
  DEPOTS,
  PAYMENT_MODES,
  PREFERENCES,
  PRIVILEGES,
  REWARD_TYPES,
} from './seed-data.ts'

export const ROLE_CLIENT = 'client'
export const ROLE_ADMIN = 'admin'
export const ROLE_GESTIONNAIRE = 'gestionnaire'

/** Reference data every shop needs, demo or not: roles, zones, modes, rewards. */
export async function seedReferenceData(tx: Executor) {
  await tx
    .insert(t.roles)
    .values([
      { name: ROLE_CLIENT, isadmin: false, isclient: true },
      { name: ROLE_ADMIN, isadmin: true, isclient: false },
      { name: ROLE_GESTIONNAIRE, isadmin: false, isclient: false },
    ])
    .onConflictDoNothing()
  await tx
    .insert(t.zonesLivraison)
    .values(DELIVERY_ZONES.map((z, position) => ({ ...z, position })))
    .onConflictDoNothing()
  await tx.insert(t.modelivraisons).values(DELIVERY_MODES).onConflictDoNothing()
  await tx.insert(t.modepaiements).values(PAYMENT_MODES).onConflictDoNothing()
  await tx.insert(t.typerecompenses).values(REWARD_TYPES).onConflictDoNothing()
}

/** The demo shop: catalogue, slides, preferences, depots and loyalty tiers. */
export async function seedDemoCatalogue(tx: Executor) {
  for (const [categoryPosition, category] of CATALOGUE.entries()) {
    const [cat] = await tx
      .insert(t.categories)
      .values({ designation: category.designation, image: category.image, position: categoryPosition })
      .returning({ id: t.categories.id })
    for (const [position, sub] of category.souscategories.entries()) {
      const [row] = await tx
        .insert(t.souscategories)
        .values({ categorieId: cat!.id, designation: sub.designation, image: sub.image, position })
        .returning({ id: t.souscategories.id })
      if (sub.produits.length > 0) {
        await tx.insert(t.produits).values(sub.produits.map((p) => ({ ...p, souscategorieId: row!.id })))
      }
    }
  }
  await tx.insert(t.caroussels).values(CAROUSEL.map((c, position) => ({ ...c, position })))
  await tx.insert(t.preferences).values(PREFERENCES)
  await tx.insert(t.depots).values(DEPOTS.map((d, position) => ({ ...d, position })))
  const rewardTypes = await tx.select().from(t.typerecompenses)
  const rewardId = new Map(rewardTypes.map((r) => [r.code, r.id]))
  for (const { recompenses, ...privilege } of PRIVILEGES) {
    const [row] = await tx.insert(t.privileges).values(privilege).returning({ id: t.privileges.id })
    if (recompenses.length > 0) {
      await tx.insert(t.privilegeRecompenses).values(
        recompenses.map((r) => ({ privilegeId: row!.id, typerecompenseId: rewardId.get(r.type)!, valeur: r.valeur })),
      )
    }
  }
}

/** Seeds reference data always and the demo catalogue when the shop has no category yet. */
export async function seedIfEmpty(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await seedReferenceData(tx)
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(t.categories)
    if (n > 0) return { seeded: false }
    await seedDemoCatalogue(tx)
    return { seeded: true }
  })
}
