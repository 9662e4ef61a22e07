// Seeds an empty database once, at its first boot, in one transaction so that a half-seeded
// shop never exists (ADR 045). Every boot writes the structure the code runs on (roles,
// delivery and payment modes, reward types: by their codes, never replacing a row). The first
// boot also writes the loyalty tiers and, except in production, the demo shop: catalogue,
// zones (spec §9's table, packages/shared), depots, slides and contact details. The row of
// `shop_setup` records that this happened: later boots read it, never what the owner may
// have deleted since (every category, every zone, every tier).
import { eq } from 'drizzle-orm'
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

/** What the first boot seeds: the shop's structure only (production), or the demo shop too. */
export type SeedContent = 'structure' | 'demo'

/** The structure every shop runs on, demo or not, written at every boot (a release may add a mode). */
export async function seedReferenceData(tx: Executor) {
  await tx
    .insert(t.roles)
    .values([
      { name: ROLE_CLIENT, isadmin: false, isclient: true },
      { name: ROLE_ADMIN, isadmin: true, isclient: false },
      { name: ROLE_GESTIONNAIRE, isadmin: false, isclient: false },
    ])
    .onConflictDoNothing()
  await tx.insert(t.modelivraisons).values(DELIVERY_MODES).onConflictDoNothing()
  await tx.insert(t.modepaiements).values(PAYMENT_MODES).onConflictDoNothing()
  await tx.insert(t.typerecompenses).values(REWARD_TYPES).onConflictDoNothing()
}

/** The demo's delivery zones: spec §9's table (its fees are the spec's, not the owner's). */
export async function seedDemoZones(tx: Executor) {
  await tx
    .insert(t.zonesLivraison)
    .values(DELIVERY_ZONES.map((z, position) => ({ ...z, position })))
    .onConflictDoNothing()
}

/** The loyalty tiers and their rewards (the owner edits them under « Niveaux de fidélité »). */
export async function seedLoyaltyTiers(tx: Executor) {
  const rewardTypes = await tx.select().from(t.typerecompenses)
  const rewardId = new Map(rewardTypes.map((r) => [r.code, r.id]))
  for (const { recompenses, ...privilege } of PRIVILEGES) {
    const [row] = await tx.insert(t.privileges).values(privilege).onConflictDoNothing().returning({ id: t.privileges.id })
    if (row && recompenses.length > 0) {
      await tx.insert(t.privilegeRecompenses).values(
        recompenses.map((r) => ({ privilegeId: row.id, typerecompenseId: rewardId.get(r.type)!, valeur: r.valeur })),
      )
    }
  }
}

/** The demo shop: catalogue, slides, contact details, depots and zones. */
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
  await seedDemoZones(tx)
}

/**
 * Writes the structure, then, the first time only (no `shop_setup` row yet), the loyalty tiers
 * and, for `demo`, the demo shop. Answers whether this call was that first time.
 */
export async function seedIfEmpty(db: Db, options: { content?: SeedContent } = {}): Promise<{ seeded: boolean; content: SeedContent }> {
  const content = options.content ?? 'demo'
  return db.transaction(async (tx) => {
    await seedReferenceData(tx)
    const [marked] = await tx.insert(t.shopSetup).values({ id: 1, contenu: content }).onConflictDoNothing().returning({ contenu: t.shopSetup.contenu })
    if (!marked) {
      const [row] = await tx.select({ contenu: t.shopSetup.contenu }).from(t.shopSetup).where(eq(t.shopSetup.id, 1))
      return { seeded: false, content: row!.contenu }
    }
    await seedLoyaltyTiers(tx)
    if (content === 'demo') await seedDemoCatalogue(tx)
    return { seeded: true, content }
  })
}
