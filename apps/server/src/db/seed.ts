// Seeds an empty database once, at its first boot, in one transaction so that a half-seeded
// shop never exists (ADR 045). Every boot writes the structure the code runs on (roles,
// delivery and payment modes, reward types: by their codes, never replacing a row). The first
// boot also writes the loyalty tiers and, except in production, the demo shop: catalogue,
// zones (spec §9's table, packages/shared), depots, slides and contact details. The row of
// `shop_setup` records that this happened: later boots read it, never what the owner may
// have deleted since (every category, every zone, every tier).
import { eq, inArray, sql } from 'drizzle-orm'
import { DELIVERY_ZONES } from '@teranga/shared/delivery-zones'
import type { Db, Executor } from './client.ts'
import * as t from './schema.ts'
import {
  CAROUSEL,
  CATALOGUE,
  DEMO_SLOT_ZONES,
  DEMO_SLOTS,
  DELIVERY_MODES,
  DEPOTS,
  PAYMENT_MODES,
  PREFERENCES,
  PRIVILEGES,
  REWARD_TYPES,
  isGrouped,
  type SeedGroupedProduct,
  type SeedSingleProduct,
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
      // The courier's phone (issue 25 §3): also written by migration 0037.
      { name: 'livreur', isadmin: false, isclient: false },
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

/**
 * A product with options and its variants in one statement (ADR 053 §2): the product row with its
 * lowest variant price and no stock, which the variants' summary then corrects; the product's
 * insert trigger finds its variants there and adds none.
 */
async function insertGroupedProduct(tx: Executor, product: SeedGroupedProduct, souscategorieId: number) {
  const variants = product.variantes.map((v, position) => ({
    position,
    valeur1: v.valeurs[0] ?? null,
    valeur2: v.valeurs[1] ?? null,
    valeur3: v.valeurs[2] ?? null,
    code: v.code,
    prix: v.prix,
    quantite: v.quantite,
  }))
  const lowest = Math.min(...product.variantes.map((v) => v.prix))
  await tx.execute(sql`
    with p as (
      insert into produits (code, designation, description, unite, image, souscategorie_id, prix, quantite, options)
      values (${product.code}, ${product.designation}, ${product.description}, ${product.unite}, ${product.image}, ${souscategorieId},
        ${lowest}, 0, ${JSON.stringify(product.options)}::jsonb)
      returning id)
    insert into variantes (produit_id, position, valeur1, valeur2, valeur3, code, prix, quantite)
    select p.id, v.position, v.valeur1, v.valeur2, v.valeur3, v.code, v.prix, v.quantite
    from p, jsonb_to_recordset(${JSON.stringify(variants)}::jsonb)
      as v(position int, valeur1 text, valeur2 text, valeur3 text, code text, prix int, quantite int)`)
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
      // In the list's order (ids as before the grouping: the rice is still product 1). A run of
      // single products is one insert, each getting its one variant from its row (migration
      // 0033's insert trigger); a grouped product is written with its variants.
      let singles: SeedSingleProduct[] = []
      const flush = async () => {
        if (singles.length > 0) await tx.insert(t.produits).values(singles.map((p) => ({ ...p, souscategorieId: row!.id })))
        singles = []
      }
      for (const product of sub.produits) {
        if (!isGrouped(product)) singles.push(product)
        else {
          await flush()
          await insertGroupedProduct(tx, product, row!.id)
        }
      }
      await flush()
    }
  }
  await tx.insert(t.caroussels).values(CAROUSEL.map((c, position) => ({ ...c, position })))
  await tx.insert(t.preferences).values(PREFERENCES)
  await tx.insert(t.depots).values(DEPOTS.map((d, position) => ({ ...d, position })))
  await seedDemoZones(tx)
  await seedDemoSlots(tx)
}

/**
 * The demo's delivery slots (issue 25 §1, ADR 054): Monday to Saturday, mornings and
 * afternoons, for central Dakar's zones (the 1 500 FCFA band) only. Other zones, Mermoz
 * among them, order without a slot as before, as a shop does where it has not planned rounds.
 */
export async function seedDemoSlots(tx: Executor) {
  const zones = await tx.select({ id: t.zonesLivraison.id }).from(t.zonesLivraison).where(inArray(t.zonesLivraison.designation, [...DEMO_SLOT_ZONES]))
  const ids = zones.map((zone) => zone.id).sort((a, b) => a - b)
  if (ids.length === 0) return
  await tx.insert(t.creneaux).values(DEMO_SLOTS.map((slot) => ({ ...slot, zones: ids })))
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
