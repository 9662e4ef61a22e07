// The cart, orders, refunds and stock history by variant (ADR 053 §3–4, build step 3): a line is a
// variant, two sizes of one product are two lines; a product with several variants must be told
// which (400 on `variante`, in French); an order charges and takes each variant, the last unit of
// one goes to one shopper only; a refund names the variant when the order holds several lines of
// its product; a stock movement names its variant and the history says which. A product with one
// variant answers as before, plus the new fields.
import { randomBytes, randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDERS_MESSAGES } from '@teranga/shared/backoffice-orders'
import { MAX_CART_LINES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { apiTokens, modelivraisons, modepaiements, produits, variantes } from '../src/db/schema.ts'
import { hashToken } from '../src/modules/auth/auth.service.ts'
import { HOME_DELIVERY, makeProduct, makeProductWithVariants, placeHomeOrder } from './factories.ts'
import { createTestApp, gql, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let ctx: TestContext
let alice: SignedIn
let manager: SignedIn
beforeAll(async () => {
  ctx = await createTestApp()
  alice = await signIn(ctx.app)
  ;({ manager } = await signInStaff(ctx))
})
afterAll(() => ctx.close())

const cart = (who: SignedIn, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/panier', headers: who.auth, payload: { user: who.userId, ...payload } })
const variantStock = async (id: number) => (await ctx.db.select({ q: variantes.quantite }).from(variantes).where(eq(variantes.id, id)))[0]!.q
const product = async (id: number) => (await ctx.db.select().from(produits).where(eq(produits.id, id)))[0]!

/** « Riz brisé » in 5 kg (4 000 FCFA) and 25 kg (17 500 FCFA). */
const rice = (stock: [number, number] = [20, 5]) =>
  makeProductWithVariants(
    ctx.db,
    'Contenance',
    [
      { valeur: '5 kg', prix: 4000, quantite: stock[0] },
      { valeur: '25 kg', prix: 17500, quantite: stock[1] },
    ],
    { designation: 'Riz brisé', prix: 4000 },
  )

async function emptyCart(who: SignedIn) {
  await ctx.db.execute(sql`delete from panier_lignes where panier_id in (select id from paniers where client_id = ${who.userId})`)
}

describe('the cart by variant', () => {
  it('answers a one-variant product’s line as before, plus its variant (itself)', async () => {
    const bob = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { designation: 'Bissap séché', prix: 1200, quantite: 9 })
    const res = await cart(bob, { produit: p.id, quantite: 2, action: 0 })
    expect(res.statusCode, res.body).toBe(200)
    const [line] = res.json().panier.panierproduits
    expect(line).toMatchObject({ produit_id: p.id, variante_id: p.varianteId, quantite: 2, prix: 1200 })
    expect(line.produit).toMatchObject({ id: p.id, designation: 'Bissap séché', prix: 1200, code: p.code, nb_variantes: 1, options: [] })
    expect(line.variante).toEqual({
      id: p.varianteId,
      options: {},
      designation: 'Bissap séché',
      prix: 1200,
      prixformat: line.produit.prixformat,
      prix_initial: null,
      quantite: 9,
      code: p.code,
      image: line.produit.image,
      imagesrcset: line.produit.imagesrcset,
    })
    expect(res.json().panier).toMatchObject({ nombre: 2, total: 2400 })
    // Without `variante`, set and remove act on its one variant.
    expect((await cart(bob, { produit: p.id, quantite: 5, action: 1 })).json().panier.panierproduits[0].quantite).toBe(5)
    expect((await cart(bob, { produit: p.id, action: 2 })).json().panier.panierproduits).toEqual([])
  })

  it('refuses a product with several variants without one: 400 naming variante, in French', async () => {
    const r = await rice()
    for (const action of [0, 1, 2]) {
      const res = await cart(alice, { produit: r.id, quantite: 1, action })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ message: MESSAGES.varianteRequired, errors: { variante: [MESSAGES.varianteRequired] } })
    }
  })

  it('refuses a variant of another product, a withdrawn one and a bad id on variante', async () => {
    const r = await rice()
    const other = await makeProduct(ctx.db)
    const foreign = await cart(alice, { produit: r.id, variante: other.varianteId, quantite: 1, action: 0 })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ message: MESSAGES.varianteUnknown, errors: { variante: [MESSAGES.varianteUnknown] } })
    await ctx.db.update(variantes).set({ actif: false }).where(eq(variantes.id, r.varianteIds[1]!))
    const withdrawn = await cart(alice, { produit: r.id, variante: r.varianteIds[1], quantite: 1, action: 0 })
    expect(withdrawn.statusCode).toBe(400)
    expect(withdrawn.json().errors).toEqual({ variante: [MESSAGES.varianteUnknown] })
    const bad = await cart(alice, { produit: r.id, variante: 'grand', quantite: 1, action: 0 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.variante).toEqual([MESSAGES.idInteger])
    // The product now has one live variant: without `variante`, that one.
    const only = await cart(alice, { produit: r.id, quantite: 1, action: 0 })
    expect(only.statusCode, only.body).toBe(200)
    expect(only.json().panier.panierproduits.map((l: { variante_id: number }) => l.variante_id)).toEqual([r.varianteIds[0]])
    await emptyCart(alice)
  })

  it('holds two variants of one product as two lines, each at its variant’s price, set and removed by variant', async () => {
    const r = await rice()
    await cart(alice, { produit: r.id, variante: r.varianteIds[0], quantite: 2, action: 0 })
    const res = await cart(alice, { produit: r.id, variante: r.varianteIds[1], quantite: 1, action: 0 })
    expect(res.statusCode, res.body).toBe(200)
    const lines = res.json().panier.panierproduits
    expect(lines.map((l: Record<string, unknown>) => [l.produit_id, l.variante_id, l.quantite, l.prix])).toEqual([
      [r.id, r.varianteIds[0], 2, 4000],
      [r.id, r.varianteIds[1], 1, 17500],
    ])
    expect(lines.map((l: { variante: { designation: string; options: unknown } }) => [l.variante.designation, l.variante.options])).toEqual([
      ['Riz brisé 5 kg', { Contenance: '5 kg' }],
      ['Riz brisé 25 kg', { Contenance: '25 kg' }],
    ])
    expect(res.json().panier).toMatchObject({ nombre: 3, total: 2 * 4000 + 17500 })
    // The previous release's table holds the product once, with the summed quantity (the database's mirror).
    const mirrored = await ctx.db.execute(sql`select quantite from panier_produits where produit_id = ${r.id}`)
    expect((mirrored as unknown as { rows: Array<{ quantite: number }> }).rows).toEqual([{ quantite: 3 }])

    const set = await cart(alice, { produit: r.id, variante: r.varianteIds[1], quantite: 3, action: 1 })
    expect(set.json().panier.panierproduits.map((l: { quantite: number }) => l.quantite)).toEqual([2, 3])
    const removed = await cart(alice, { produit: r.id, variante: r.varianteIds[0], action: 2 })
    expect(removed.json().panier.panierproduits.map((l: { variante_id: number }) => l.variante_id)).toEqual([r.varianteIds[1]])

    // GraphQL's cart answers the same lines.
    const { data, errors } = await gql(ctx.app, '{ paniers { panierproduits { produit_id variante_id prix variante { id designation code options } } } }', {}, alice.auth)
    expect(errors).toBeUndefined()
    expect(data!.paniers[0].panierproduits).toEqual([
      { produit_id: r.id, variante_id: r.varianteIds[1], prix: 17500, variante: { id: r.varianteIds[1], designation: 'Riz brisé 25 kg', code: `${r.code}-2`, options: { Contenance: '25 kg' } } },
    ])
    await emptyCart(alice)
  })

  it('refuses more than a variant’s stock with a 409 naming the variant and its stock, the other variant free', async () => {
    const r = await rice([20, 2])
    expect((await cart(alice, { produit: r.id, variante: r.varianteIds[1], quantite: 2, action: 0 })).statusCode).toBe(200)
    const over = await cart(alice, { produit: r.id, variante: r.varianteIds[1], quantite: 1, action: 0 })
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toBe(MESSAGES.insufficientStock('Riz brisé 25 kg', 2))
    expect(over.json().details).toEqual({ produit: r.id, variante: r.varianteIds[1], disponible: 2, demande: 3 })
    // The product's summed stock (22) would allow it: the variant's is what counts.
    expect((await product(r.id)).quantite).toBe(22)
    expect((await cart(alice, { produit: r.id, variante: r.varianteIds[0], quantite: 15, action: 0 })).statusCode).toBe(200)
    await emptyCart(alice)
  })

  it(`counts lines (variants) toward the ${MAX_CART_LINES} lines a cart holds`, async () => {
    const carol = await signIn(ctx.app)
    const r = await rice()
    for (let i = 0; i < MAX_CART_LINES - 1; i++) {
      const p = await makeProduct(ctx.db)
      expect((await cart(carol, { produit: p.id, quantite: 1, action: 0 })).statusCode).toBe(200)
    }
    expect((await cart(carol, { produit: r.id, variante: r.varianteIds[0], quantite: 1, action: 0 })).statusCode).toBe(200)
    const full = await cart(carol, { produit: r.id, variante: r.varianteIds[1], quantite: 1, action: 0 })
    expect(full.statusCode).toBe(409)
    expect(full.json().message).toBe(MESSAGES.cartFull(MAX_CART_LINES))
    // The line already there still changes.
    expect((await cart(carol, { produit: r.id, variante: r.varianteIds[0], quantite: 2, action: 0 })).statusCode).toBe(200)
  })
})

describe('orders by variant', () => {
  it('places two variants of one product as two lines at their prices now, takes each variant’s stock, and answers each line’s variant', async () => {
    const buyer = await signIn(ctx.app)
    const r = await rice([20, 5])
    // The 25 kg is on sale: the order charges its sale price.
    await ctx.db.update(variantes).set({ prixPromo: 16000 }).where(eq(variantes.id, r.varianteIds[1]!))
    await cart(buyer, { produit: r.id, variante: r.varianteIds[0], quantite: 2, action: 0 })
    await cart(buyer, { produit: r.id, variante: r.varianteIds[1], quantite: 1, action: 0 })
    const res = await placeHomeOrder(ctx.app, ctx.db, buyer, [])
    expect(res.statusCode, res.body).toBe(201)
    const commande = res.json().commande
    expect(commande.montantcommande).toBe(2 * 4000 + 16000)
    expect(commande.detailcommandes.map((l: Record<string, unknown>) => [l.quantite, l.prix, (l.produit as { id: number }).id, l.variante])).toEqual([
      [2, 4000, r.id, { id: r.varianteIds[0], options: { Contenance: '5 kg' }, designation: 'Riz brisé 5 kg', code: `${r.code}-1` }],
      [1, 16000, r.id, { id: r.varianteIds[1], options: { Contenance: '25 kg' }, designation: 'Riz brisé 25 kg', code: `${r.code}-2` }],
    ])
    expect([await variantStock(r.varianteIds[0]!), await variantStock(r.varianteIds[1]!), (await product(r.id)).quantite]).toEqual([18, 4, 22])

    // The customer's GraphQL list and the back office's detail say the same.
    const { data, errors } = await gql(ctx.app, '{ commandespaginated(page: 1, count: 5) { data { detailcommandes { prix variante { id designation code } } } } }', {}, buyer.auth)
    expect(errors).toBeUndefined()
    expect(data!.commandespaginated.data[0].detailcommandes.map((l: { variante: { designation: string } }) => l.variante.designation)).toEqual(['Riz brisé 5 kg', 'Riz brisé 25 kg'])
    const detail = (await ctx.app.inject({ url: `/api/admin/commande/${commande.numerocommande}`, headers: manager.auth })).json()
    expect(detail.lignes.map((l: { variante: unknown; paye: number }) => [l.variante, l.paye])).toEqual([
      [{ id: r.varianteIds[0], designation: 'Riz brisé 5 kg', code: `${r.code}-1` }, 8000],
      [{ id: r.varianteIds[1], designation: 'Riz brisé 25 kg', code: `${r.code}-2` }, 16000],
    ])
    // The slips print the same lines.
    const slips = (await ctx.app.inject({ url: `/api/admin/commande/bons?numeros=${commande.numerocommande}`, headers: manager.auth })).json()
    expect(slips.data[0].lignes.map((l: { variante: { designation: string } }) => l.variante.designation)).toEqual(['Riz brisé 5 kg', 'Riz brisé 25 kg'])
  })

  it('keeps the order path within 13 statements for a 3-line cart of variants, as the orders bench places it: a token not yet seen, an Idempotency-Key (ADR 022, ADR 068)', async () => {
    const buyer = await signIn(ctx.app)
    const [a, b] = [await rice([50, 50]), await rice([50, 50])]
    for (const [produit, variante] of [[a.id, a.varianteIds[0]], [a.id, a.varianteIds[1]], [b.id, b.varianteIds[1]]]) {
      expect((await cart(buyer, { produit, variante, quantite: 2, action: 0 })).statusCode).toBe(200)
    }
    const [livraison] = await ctx.db.select({ id: modelivraisons.id }).from(modelivraisons).where(eq(modelivraisons.code, 'DOMICILE'))
    const [paiement] = await ctx.db.select({ id: modepaiements.id }).from(modepaiements).where(eq(modepaiements.code, 'CASH'))
    // Each bench customer's order is their token's first request: its owner is read once.
    const token = randomBytes(32).toString('base64url')
    await ctx.db.insert(apiTokens).values({ clientId: buyer.userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) })
    const key = randomUUID()
    const before = ctx.database.stats.queries
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/commande',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: { modelivraison: livraison!.id, modepaiement: paiement!.id, ...HOME_DELIVERY },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    // Issue 27's budget: ≤ 13 (15 before ADR 068). Today 12: the token's owner, the order-rate
    // counter, begin, the customer locked with what the order names, the cart's lines locked,
    // the order with its key, the stock taken, its lines and history, its messages, the cart
    // emptied, commit, the order read back with its lines.
    expect(ctx.database.stats.queries - before).toBeLessThanOrEqual(13)
    // The key was claimed with the order: sent again, the same order answers (200), nothing more is taken.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/commande',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: { modelivraison: livraison!.id, modepaiement: paiement!.id, ...HOME_DELIVERY },
    })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().commande.numerocommande).toBe(placed.json().commande.numerocommande)
    expect([await variantStock(a.varianteIds[0]!), await variantStock(a.varianteIds[1]!), await variantStock(b.varianteIds[1]!), await variantStock(b.varianteIds[0]!)]).toEqual([48, 48, 48, 50])
  })

  it('a one-variant product’s order line answers as before, plus its variant', async () => {
    const buyer = await signIn(ctx.app)
    const p = await makeProduct(ctx.db, { designation: 'Huile 1 L', prix: 1800, quantite: 10 })
    const res = await placeHomeOrder(ctx.app, ctx.db, buyer, [[p.id, 2]])
    expect(res.statusCode, res.body).toBe(201)
    const [line] = res.json().commande.detailcommandes
    expect(line).toMatchObject({ quantite: 2, prix: 1800, produit: { id: p.id, designation: 'Huile 1 L', code: p.code } })
    expect(line.variante).toEqual({ id: p.varianteId, options: {}, designation: 'Huile 1 L', code: p.code })
    expect((await product(p.id)).quantite).toBe(8)
  })

  it('two shoppers racing for the last unit of one variant: exactly one order, the other variant and the product’s data untouched', async () => {
    const r = await rice([7, 1])
    const before = await product(r.id)
    const [one, two] = await Promise.all([signIn(ctx.app), signIn(ctx.app)])
    for (const who of [one, two]) {
      expect((await cart(who, { produit: r.id, variante: r.varianteIds[1], quantite: 1, action: 0 })).statusCode).toBe(200)
    }
    const results = await Promise.all([one, two].map((who) => placeHomeOrder(ctx.app, ctx.db, who, [])))
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409])
    const refused = results.find((res) => res.statusCode === 409)!.json()
    expect(refused.message).toBe(MESSAGES.insufficientStock('Riz brisé 25 kg', 0))
    expect(refused.details).toEqual({ produit: r.id, variante: r.varianteIds[1], disponible: 0, demande: 1 })
    expect(await variantStock(r.varianteIds[1]!)).toBe(0)
    expect(await variantStock(r.varianteIds[0]!)).toBe(7)
    const after = await product(r.id)
    expect(after.quantite).toBe(7)
    expect({ ...after, quantite: before.quantite, updatedAt: before.updatedAt }).toEqual(before)
  })
})

describe('refunds by variant', () => {
  /** A delivered cash order of both rice variants (2 × 5 kg, 1 × 25 kg). */
  async function deliveredRiceOrder() {
    const buyer = await signIn(ctx.app)
    const r = await rice([20, 5])
    await cart(buyer, { produit: r.id, variante: r.varianteIds[0], quantite: 2, action: 0 })
    await cart(buyer, { produit: r.id, variante: r.varianteIds[1], quantite: 1, action: 0 })
    const placed = await placeHomeOrder(ctx.app, ctx.db, buyer, [])
    expect(placed.statusCode, placed.body).toBe(201)
    const numero = placed.json().commande.numerocommande as string
    for (const etat of ['confirmee', 'en_preparation', 'en_livraison', 'livree']) {
      const moved = await ctx.app.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: manager.auth, payload: { etat } })
      expect(moved.statusCode, moved.body).toBe(200)
    }
    return { r, numero }
  }
  const refund = (numero: string, lignes: unknown[]) =>
    ctx.app.inject({ method: 'POST', url: `/api/commande/${numero}/remboursement`, headers: manager.auth, payload: { motif: 'Sac déchiré', lignes } })

  it('requires the variant when the order holds several lines of the product; refuses a foreign or repeated one', async () => {
    const { r, numero } = await deliveredRiceOrder()
    const other = await makeProduct(ctx.db)
    const unnamed = await refund(numero, [{ produit: r.id, quantite: 1, restock: true }])
    expect(unnamed.statusCode).toBe(400)
    expect(unnamed.json().errors).toEqual({ 'lignes.0.variante': [MESSAGES.varianteRequired] })
    const foreign = await refund(numero, [{ produit: r.id, variante: other.varianteId, quantite: 1, restock: true }])
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().errors).toEqual({ 'lignes.0.variante': [ORDERS_MESSAGES.refundLineUnknown] })
    const twice = await refund(numero, [
      { produit: r.id, variante: r.varianteIds[0], quantite: 1, restock: true },
      { produit: r.id, variante: r.varianteIds[0], quantite: 1, restock: false },
    ])
    expect(twice.statusCode).toBe(400)
    const tooMany = await refund(numero, [{ produit: r.id, variante: r.varianteIds[1], quantite: 2, restock: true }])
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors).toEqual({ 'lignes.0.quantite': [ORDERS_MESSAGES.refundLineTooMany(1)] })
    // Nothing was refunded or put back.
    expect([await variantStock(r.varianteIds[0]!), await variantStock(r.varianteIds[1]!)]).toEqual([18, 4])
  })

  it('gives back a variant’s line at that line’s price and puts that variant back in stock, never more than paid', async () => {
    const { r, numero } = await deliveredRiceOrder()
    const res = await refund(numero, [{ produit: r.id, variante: r.varianteIds[1], quantite: 1, restock: true }])
    expect(res.statusCode, res.body).toBe(200)
    expect([await variantStock(r.varianteIds[0]!), await variantStock(r.varianteIds[1]!), (await product(r.id)).quantite]).toEqual([18, 5, 23])
    const detail = (await ctx.app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
    expect(detail.rembourse).toBe(17500)
    expect(detail.remboursements[0].lignes).toEqual([
      expect.objectContaining({ produit: { id: r.id, designation: 'Riz brisé' }, variante: { id: r.varianteIds[1], designation: 'Riz brisé 25 kg', code: `${r.code}-2` }, quantite: 1, prix: 17500, total: 17500, restock: true }),
    ])
    // That line is given back in full; the other variant's line still can be, not more.
    const again = await refund(numero, [{ produit: r.id, variante: r.varianteIds[1], quantite: 1, restock: false }])
    expect(again.statusCode).toBe(400)
    expect(again.json().errors).toEqual({ 'lignes.0.quantite': [ORDERS_MESSAGES.refundLineTooMany(0)] })
    const rest = await refund(numero, [{ produit: r.id, variante: r.varianteIds[0], quantite: 2, restock: false }])
    expect(rest.statusCode, rest.body).toBe(200)
    const done = (await ctx.app.inject({ url: `/api/admin/commande/${numero}`, headers: manager.auth })).json()
    // Every line given back: the goods' amount, not the delivery's, and no line can give more.
    expect(done.rembourse).toBe(done.montantcommande)
    expect(done.lignes.reduce((sum: number, l: { paye: number }) => sum + l.paye, 0)).toBe(done.montantcommande)
    expect((await refund(numero, [{ produit: r.id, variante: r.varianteIds[0], quantite: 1, restock: false }])).statusCode).toBe(400)
  })
})

describe('stock history by variant', () => {
  const move = (produit: number, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `/api/produit/${produit}/mouvements`, headers: manager.auth, payload: { motif: 'Livraison du fournisseur', ...payload } })
  const history = (produit: number, query = '') => ctx.app.inject({ url: `/api/produit/${produit}/mouvements${query}`, headers: manager.auth })

  it('requires the variant of a product with several, moves that one only, and lists each line with its variant', async () => {
    const r = await rice([20, 5])
    const other = await makeProduct(ctx.db)
    const unnamed = await move(r.id, { delta: 3 })
    expect(unnamed.statusCode).toBe(400)
    expect(unnamed.json()).toMatchObject({ message: MESSAGES.varianteRequired, errors: { variante: [MESSAGES.varianteRequired] } })
    const foreign = await move(r.id, { delta: 3, variante: other.varianteId })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().errors).toEqual({ variante: [MESSAGES.varianteUnknown] })
    // A loss beyond the variant's own stock (5), though the product holds 25.
    const below = await move(r.id, { delta: -6, variante: r.varianteIds[1] })
    expect(below.statusCode).toBe(409)

    const moved = await move(r.id, { delta: 4, variante: r.varianteIds[1] })
    expect(moved.statusCode, moved.body).toBe(201)
    expect(moved.json()).toMatchObject({ delta: 4, quantite_apres: 9, variante: { id: r.varianteIds[1], designation: 'Riz brisé 25 kg', code: `${r.code}-2` } })
    expect(await move(r.id, { delta: -1, variante: String(r.varianteIds[0]) }).then((res) => res.statusCode)).toBe(201)
    expect([await variantStock(r.varianteIds[0]!), await variantStock(r.varianteIds[1]!), (await product(r.id)).quantite]).toEqual([19, 9, 28])

    const all = (await history(r.id)).json()
    expect(all.data.map((l: { delta: number; variante: { id: number } }) => [l.delta, l.variante.id])).toEqual([
      [-1, r.varianteIds[0]],
      [4, r.varianteIds[1]],
    ])
    const one = (await history(r.id, `?variante=${r.varianteIds[1]}`)).json()
    expect(one.data.map((l: { delta: number; quantite_apres: number }) => [l.delta, l.quantite_apres])).toEqual([[4, 9]])
    expect(one.metadata.total).toBe(1)
    const wrong = await history(r.id, `?variante=${other.varianteId}`)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual({ variante: [MESSAGES.varianteUnknown] })
  })

  it('a one-variant product moves without naming it, its lines naming its variant', async () => {
    const p = await makeProduct(ctx.db, { designation: 'Sucre 1 kg', quantite: 4 })
    const moved = await move(p.id, { delta: 2 })
    expect(moved.statusCode, moved.body).toBe(201)
    expect(moved.json().variante).toEqual({ id: p.varianteId, designation: 'Sucre 1 kg', code: p.code })
    expect((await history(p.id)).json().data[0].variante).toEqual({ id: p.varianteId, designation: 'Sucre 1 kg', code: p.code })
    expect((await product(p.id)).quantite).toBe(6)
  })
})
