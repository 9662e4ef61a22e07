// The back office's products with options and variants (ADR 053 §4, §6, §7): the product form
// with `options` and `variantes` (each refusal named by field, nothing written), today's form
// writing the one variant, variants left out deleted or withdrawn, renames, stock through the
// ledger, the bulk price change all or nothing, the list's low stock by variant, and the CSV's
// rows per variant with the preview.
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES as M, PRODUCT_CSV_COLUMNS, combinaisons, type Product } from '@teranga/shared/backoffice-catalogue'
import { MESSAGES } from '@teranga/shared/server-messages'
import { auditLog, mouvementsStock, produits, variantes } from '../src/db/schema.ts'
import { makeProduct, makeSubcategory, placeHomeOrder } from './factories.ts'
import { createTestApp, signIn, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager } = await signInStaff(shop))
})
afterAll(() => shop?.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (method: Method, url: string, who: SignedIn | undefined, payload?: unknown, headers: Record<string, string> = {}) =>
  shop.app.inject({ method, url, headers: { ...(who?.auth ?? {}), ...headers }, ...(payload === undefined ? {} : typeof payload === 'string' ? { payload } : { payload: payload as object }) })

let serial = 0
const code = (prefix: string) => `${prefix}-${process.pid}-${++serial}`

/** A rice product in two sizes, as the admin's form sends it. */
function riceBody(categorie_id: number, codes: [string, string], extra: Record<string, unknown> = {}) {
  return {
    designation: 'Riz brisé parfumé',
    unite: 'sac',
    categorie_id,
    options: [{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }],
    variantes: [
      { options: { Contenance: '5 kg' }, position: 0, code: codes[0], prix: 4000, qte: 140, seuil: 10 },
      { options: { Contenance: '25 kg' }, position: 1, code: codes[1], prix: 17500, qte: 2, seuil: 3 },
    ],
    ...extra,
  }
}

const rowsOf = (produitId: number) => shop.db.select().from(variantes).where(eq(variantes.produitId, produitId)).orderBy(variantes.id)
const productRow = async (id: number) => (await shop.db.select().from(produits).where(eq(produits.id, id)))[0]!

/** A PNG uploaded as the admin's form does (POST /api/media, multipart): its media key. */
async function uploadImage(who: SignedIn): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 140, b: 60 } } }).png().toBuffer()
  const boundary = `----teranga${process.pid}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="sac.png"\r\ncontent-type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await shop.app.inject({ method: 'POST', url: '/api/media', payload, headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${boundary}` } })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { key: string }).key
}

describe('creating a product with options and variants', () => {
  it('inserts the product and its variants, their first stock through the ledger, the summary by the database, and answers every variant', async () => {
    const sc = await makeSubcategory(shop.db)
    const codes: [string, string] = [code('RIZ5'), code('RIZ25')]
    const res = await call('POST', '/api/produit', admin, riceBody(sc.id, codes, { code: code('RIZ') }))
    expect(res.statusCode, res.body).toBe(201)
    const product = res.json() as Product
    expect(product).toMatchObject({
      designation: 'Riz brisé parfumé',
      prix: 4000,
      quantite: 142,
      nb_variantes: 2,
      stock_bas: true,
      options: [{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }],
    })
    expect(product.variantes).toEqual([
      expect.objectContaining({ options: { Contenance: '5 kg' }, designation: 'Riz brisé parfumé 5 kg', position: 0, code: codes[0], prix: 4000, prix_fr: '4\u00a0000\u00a0FCFA', quantite: 140, seuil: 10, stock_bas: false, actif: true, code_barres: null, image_key: null }),
      expect.objectContaining({ options: { Contenance: '25 kg' }, designation: 'Riz brisé parfumé 25 kg', position: 1, code: codes[1], prix: 17500, quantite: 2, seuil: 3, stock_bas: true, actif: true }),
    ])
    // The product's own image stands for a variant without one.
    expect(product.variantes[0]!.image).toBe(product.image)
    // Exactly its two variants: the previous release's trigger gave it none of its own.
    const stored = await rowsOf(product.id)
    expect(stored.map((v) => [v.code, v.valeur1, v.valeur2, v.prix, v.quantite])).toEqual([
      [codes[0], '5 kg', null, 4000, 140],
      [codes[1], '25 kg', null, 17500, 2],
    ])
    expect(await productRow(product.id)).toMatchObject({ prix: 4000, prixMax: 17500, quantite: 142, nbVariantes: 2 })
    const history = await shop.db.select().from(mouvementsStock).where(eq(mouvementsStock.produitId, product.id))
    expect(history.map((h) => [h.varianteId, h.delta, h.raison]).sort()).toEqual([
      [stored[0]!.id, 140, 'creation'],
      [stored[1]!.id, 2, 'creation'],
    ].sort())
    const audit = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, 'produit'), eq(auditLog.resourceId, String(product.id))))
    expect(audit.map((a) => a.action)).toEqual(['produit.creer'])

    // The storefront reads the summary and the live variants.
    const shopAnswer = (await call('GET', `/api/produits/${product.id}`, undefined)).json()
    expect(shopAnswer).toMatchObject({ prix: 4000, quantite: 142, nb_variantes: 2, a_partir_de: true })
    expect(shopAnswer.variantes.map((v: { code: string; designation: string }) => [v.code, v.designation])).toEqual([
      [codes[0], 'Riz brisé parfumé 5 kg'],
      [codes[1], 'Riz brisé parfumé 25 kg'],
    ])

    // Read back alike, and listed with its variants.
    expect((await call('GET', `/api/produit/${product.id}`, manager)).json()).toEqual(product)
    const list = await call('GET', `/api/produit?souscategorie=${sc.id}`, manager)
    expect(list.json().data[0].variantes.map((v: { code: string }) => v.code)).toEqual(codes)
  })

  it('refuses each wrong field by name, and writes nothing', async () => {
    const sc = await makeSubcategory(shop.db)
    const other = await makeProduct(shop.db, { code: code('AUTRE') })
    const count = async () => (await shop.db.select({ id: variantes.id }).from(variantes)).length
    const before = await count()
    const refuse = async (body: unknown, field: string, message: string) => {
      const res = await call('POST', '/api/produit', admin, body)
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400)
      expect(res.json().errors?.[field], `${field}: ${res.body}`).toEqual(expect.arrayContaining([message]))
    }
    const base = () => riceBody(sc.id, [code('R5'), code('R25')])
    const withVariant = (i: number, change: Record<string, unknown>) => {
      const body = base()
      body.variantes[i] = { ...body.variantes[i]!, ...change } as (typeof body.variantes)[number]
      return body
    }
    // Product-level price, stock and sale belong to the variants.
    await refuse({ ...base(), prix: 4000 }, 'prix', M.prixPerVariant)
    await refuse({ ...base(), qte: 3 }, 'qte', M.qtePerVariant)
    await refuse({ ...base(), prix_promo: 3000 }, 'prix_promo', M.promoPerVariant)
    // Values: of their option, one per option, each combination once.
    await refuse(withVariant(1, { options: { Contenance: '50 kg' } }), 'variantes.1.options', M.varianteValeurUnknown('Contenance'))
    await refuse(withVariant(1, { options: { Contenance: '25 kg', Forme: 'sac' } }), 'variantes.1.options', M.varianteValeurCount)
    await refuse(withVariant(1, { options: {} }), 'variantes.1.options', M.varianteValeurCount)
    await refuse(withVariant(1, { options: { Contenance: '5 kg' } }), 'variantes.1.options', M.varianteCombinationTwice)
    // Codes: once in the form, and not another product's (its reference or a variant's).
    const twice = base()
    twice.variantes[1]!.code = twice.variantes[0]!.code
    await refuse(twice, 'variantes.1.code', M.varianteCodeTwice)
    await refuse(withVariant(1, { code: other.code }), 'variantes.1.code', M.varianteCodeTaken)
    await refuse(withVariant(0, { code: '' }), 'variantes.0.code', M.codeRequired)
    await refuse(withVariant(1, { code_barres: '12 34' }), 'variantes.1.code_barres', M.codeBarresInvalid)
    const sameBarcode = base()
    sameBarcode.variantes.forEach((v) => Object.assign(v, { code_barres: '6111234567890' }))
    await refuse(sameBarcode, 'variantes.1.code_barres', M.codeBarresTaken)
    await refuse(withVariant(0, { image: 'uploads/0123456789abcdef0123456789abcdef' }), 'variantes.0.image', M.mediaUnknown)
    // Prices above 0, a sale below its price.
    await refuse(withVariant(0, { prix: 0 }), 'variantes.0.prix', M.prixPositive)
    await refuse(withVariant(0, { prix_promo: 5000 }), 'variantes.0.prix_promo', 'Le prix promotionnel doit être inférieur au prix')
    // At most 3 options, 100 variants; a product without options has one variant.
    const four = Array.from({ length: 4 }, (_, i) => ({ nom: `O${i}`, valeurs: ['a'] }))
    await refuse({ ...base(), options: four }, 'options', M.optionsTooMany)
    const many = Array.from({ length: 101 }, (_, i) => ({ options: { Taille: String(i) }, position: i, code: code('T'), prix: 100, qte: 0 }))
    await refuse({ ...base(), options: [{ nom: 'Taille', valeurs: many.map((_, i) => String(i)) }], variantes: many }, 'variantes', M.variantesTooMany)
    await refuse({ ...base(), options: [] , variantes: base().variantes.map((v) => ({ ...v, options: {} })) }, 'variantes', M.varianteOneWithoutOptions)
    await refuse({ ...base(), options: [{ nom: 'Contenance', valeurs: ['5 kg', '5 kg'] }] }, 'options.0.valeurs', M.optionValeurTwice('5 kg'))
    // A delta is an existing variant's: a new one starts with `qte`.
    await refuse({ ...withVariant(0, { delta: 3 }), motif: 'Livraison' }, 'variantes.0.delta', M.deltaOnNewVariant)
    expect(await count()).toBe(before)
  })

  it('two forms taking one code at once: one product is created, the other is refused on the code, never a 500', async () => {
    const sc = await makeSubcategory(shop.db)
    const shared = code('DUO')
    const answers = await Promise.all([
      call('POST', '/api/produit', admin, riceBody(sc.id, [shared, code('A')])),
      call('POST', '/api/produit', admin, riceBody(sc.id, [code('B'), shared])),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400])
    const refused = answers.find((a) => a.statusCode === 400)!.json()
    expect(Object.values(refused.errors as Record<string, string[]>).flat()).toContain(M.varianteCodeTaken)
  })

  it('today’s form (no `variantes`) writes the product’s one variant', async () => {
    const sc = await makeSubcategory(shop.db)
    const sku = code('MANGUE')
    const created = await call('POST', '/api/produit', admin, { designation: 'Mangue Kent', prix: 1500, qte: 3, unite: 'kg', categorie_id: sc.id, code: sku, seuil: 2, prix_promo: 1200 })
    expect(created.statusCode, created.body).toBe(201)
    const product = created.json() as Product
    expect(product).toMatchObject({ code: sku, prix: 1500, quantite: 3, prix_promo: 1200, nb_variantes: 1, options: [], stock_bas: false })
    expect(product.variantes).toEqual([expect.objectContaining({ options: {}, designation: 'Mangue Kent', code: sku, prix: 1500, prix_promo: 1200, quantite: 3, seuil: 2 })])

    const newSku = code('MANGUE2')
    const updated = await call('PUT', `/api/produit/${product.id}`, admin, { designation: 'Mangue Kent', prix: 1800, unite: 'kg', categorie_id: sc.id, code: newSku, seuil: 4, prix_promo: null })
    expect(updated.statusCode, updated.body).toBe(200)
    const [variant] = await rowsOf(product.id)
    expect(variant).toMatchObject({ code: newSku, prix: 1800, prixPromo: null, seuil: 4, quantite: 3, actif: true })
    expect(await productRow(product.id)).toMatchObject({ code: newSku, prix: 1800, prixPromo: null, seuil: 4, quantite: 3 })
    expect(updated.json()).toMatchObject({ code: newSku, prix: 1800, stock_bas: true })

    // Without its price, today's form is refused as before.
    const noPrice = await call('PUT', `/api/produit/${product.id}`, admin, { designation: 'Mangue Kent', unite: 'kg', categorie_id: sc.id })
    expect(noPrice.json().errors).toEqual({ prix: [M.prixRequired] })
    // A product of several variants is changed with its variants.
    const rice = (await call('POST', '/api/produit', admin, riceBody(sc.id, [code('R5'), code('R25')]))).json() as Product
    const flat = await call('PUT', `/api/produit/${rice.id}`, admin, { designation: 'Riz', prix: 1000, unite: 'sac', categorie_id: sc.id })
    expect(flat.statusCode).toBe(400)
    expect(flat.json().errors).toEqual({ variantes: [M.variantesExpected] })
  })
})

describe('a variant’s own image', () => {
  it('is set on one variant by its media key, shown by the back office and the storefront; the other keeps the product’s', async () => {
    const sc = await makeSubcategory(shop.db)
    const codes: [string, string] = [code('RIZ5'), code('RIZ25')]
    const created = (await call('POST', '/api/produit', admin, riceBody(sc.id, codes, { code: code('RIZ') }))).json() as Product
    const key = await uploadImage(admin)
    const variants = (image?: string) => riceBody(sc.id, codes).variantes.map(({ qte: _qte, ...v }, i) => ({ ...v, id: created.variantes[i]!.id, ...(i === 1 && image ? { image } : {}) }))
    const body = (image?: string) => ({ ...riceBody(sc.id, codes, { code: created.code }), variantes: variants(image) })
    const res = await call('PUT', `/api/produit/${created.id}`, admin, body(key))
    expect(res.statusCode, res.body).toBe(200)
    const product = res.json() as Product
    expect(product.variantes[1]).toMatchObject({ image_key: key, image: expect.stringContaining(key) })
    expect(product.variantes[0]!.image_key).toBeNull()
    expect(product.variantes[0]!.image).toBe(product.image)
    // Sent again without `image`, the variant keeps it.
    const kept = (await call('PUT', `/api/produit/${created.id}`, admin, body())).json() as Product
    expect(kept.variantes[1]!.image_key).toBe(key)
    // The storefront's product answer shows it for that variant.
    const shown = (await call('GET', `/api/produits/${created.id}`, undefined)).json() as { variantes: Array<{ id: number; image: string | null }> }
    expect(shown.variantes.find((v) => v.id === created.variantes[1]!.id)!.image).toContain(key)
  })
})

describe('changing a product’s variants', () => {
  it('updates, adds, renames, moves stock with the motif, deletes a variant never ordered, and refuses a stock below 0', async () => {
    const sc = await makeSubcategory(shop.db)
    const codes: [string, string] = [code('R5'), code('R25')]
    const rice = (await call('POST', '/api/produit', admin, riceBody(sc.id, codes))).json() as Product
    const [small, large] = rice.variantes
    const added = code('R50')
    const body = {
      designation: 'Riz brisé parfumé',
      unite: 'sac',
      categorie_id: sc.id,
      // « 5 kg » renamed « 5 kilos » in the chips: the variant may still send the old value.
      options: [{ nom: 'Contenance', valeurs: ['5 kilos', '50 kg'] }],
      motif: 'Livraison du lundi',
      variantes: [
        { id: small!.id, options: { Contenance: '5 kg' }, position: 0, code: codes[0], prix: 4200, delta: 10 },
        { options: { Contenance: '50 kg' }, position: 1, code: added, prix: 33000, qte: 4 },
      ],
    }
    const res = await call('PUT', `/api/produit/${rice.id}`, admin, body)
    expect(res.statusCode, res.body).toBe(200)
    const product = res.json() as Product
    expect(product.options).toEqual([{ nom: 'Contenance', valeurs: ['5 kilos', '50 kg'] }])
    expect(product.variantes.map((v) => [v.id === small!.id, v.options, v.code, v.prix, v.quantite, v.actif])).toEqual([
      [true, { Contenance: '5 kilos' }, codes[0], 4200, 150, true],
      [false, { Contenance: '50 kg' }, added, 33000, 4, true],
    ])
    // The 25 kg bag, never ordered, is gone with its history.
    expect((await rowsOf(rice.id)).map((v) => v.id)).not.toContain(large!.id)
    expect(product).toMatchObject({ nb_variantes: 2, prix: 4200, quantite: 154 })
    const moves = await shop.db.select().from(mouvementsStock).where(eq(mouvementsStock.varianteId, small!.id))
    expect(moves.map((m) => [m.delta, m.raison, m.motif])).toContainEqual([10, 'manuel', 'Livraison du lundi'])

    // A stock change below 0 refuses the whole form, naming the variant's delta.
    const tooMuch = await call('PUT', `/api/produit/${rice.id}`, admin, { ...body, options: product.options, variantes: [{ ...body.variantes[0], options: { Contenance: '5 kilos' }, prix: 1, delta: -1000 }, { id: product.variantes[1]!.id, options: { Contenance: '50 kg' }, position: 1, code: added, prix: 33000 }] })
    expect(tooMuch.statusCode, tooMuch.body).toBe(400)
    expect(tooMuch.json().errors).toEqual({ 'variantes.0.delta': [M.stockNegative(150)] })
    // A delta needs the form's motif.
    const noMotif = await call('PUT', `/api/produit/${rice.id}`, admin, { ...body, motif: '', options: product.options, variantes: [{ ...body.variantes[0], options: { Contenance: '5 kilos' } }] })
    expect(noMotif.json().errors).toEqual({ motif: [M.motifRequired] })
    // A value removed while a kept variant still uses it is refused on the option's values.
    const removed = await call('PUT', `/api/produit/${rice.id}`, admin, {
      ...body,
      motif: undefined,
      options: [{ nom: 'Contenance', valeurs: ['50 kg'] }],
      variantes: [{ id: small!.id, options: { Contenance: '5 kilos' }, position: 0, code: codes[0], prix: 4200 }, { id: product.variantes[1]!.id, options: { Contenance: '50 kg' }, position: 1, code: added, prix: 33000 }],
    })
    expect(removed.json().errors).toEqual({ 'options.0.valeurs': [M.optionValeurUsed('5 kilos')] })
    // Another product's variant id is not this product's.
    const other = await makeProduct(shop.db)
    const foreign = await call('PUT', `/api/produit/${rice.id}`, admin, { ...body, motif: undefined, options: product.options, variantes: [{ id: other.varianteId, options: { Contenance: '5 kilos' }, position: 0, code: code('X'), prix: 10 }] })
    expect(foreign.json().errors).toEqual({ 'variantes.0.id': [M.varianteNotFound] })
    expect((await call('GET', `/api/produit/${rice.id}`, manager)).json()).toEqual(product)
  })

  it('withdraws an ordered variant left out (kept for its orders), and a gestionnaire cannot write variants', async () => {
    const sc = await makeSubcategory(shop.db)
    const sold = await makeProduct(shop.db, { souscategorieId: sc.id, quantite: 20, prix: 1000, code: code('PAGNE') })
    const buyer = await signIn(shop.app)
    const order = await placeHomeOrder(shop.app, shop.db, buyer, [[sold.id, 2]])
    expect(order.statusCode, order.body).toBe(201)
    const body = {
      designation: 'Pagne wax',
      unite: 'pièce',
      categorie_id: sc.id,
      options: [{ nom: 'Couleur', valeurs: ['Bleu', 'Rouge'] }],
      variantes: [
        { options: { Couleur: 'Bleu' }, position: 0, code: code('BLEU'), prix: 1000, qte: 5 },
        { options: { Couleur: 'Rouge' }, position: 1, code: code('ROUGE'), prix: 1100, qte: 0 },
      ],
    }
    expect((await call('PUT', `/api/produit/${sold.id}`, manager, body)).statusCode).toBe(403)
    const res = await call('PUT', `/api/produit/${sold.id}`, admin, body)
    expect(res.statusCode, res.body).toBe(200)
    const product = res.json() as Product
    expect(product.nb_variantes).toBe(2)
    expect(product.quantite).toBe(5)
    // Live ones by position, then the withdrawn one, still answered.
    expect(product.variantes.map((v) => [v.code, v.actif])).toEqual([
      [body.variantes[0]!.code, true],
      [body.variantes[1]!.code, true],
      [sold.code, false],
    ])
    // Its SKU is never reused.
    const kept = body.variantes.map(({ qte: _qte, ...v }, i) => ({ ...v, id: product.variantes[i]!.id }))
    const reuse = await call('PUT', `/api/produit/${sold.id}`, admin, { ...body, variantes: [{ ...kept[0], code: sold.code }, kept[1]] })
    expect(reuse.json().errors).toEqual({ 'variantes.0.code': [M.varianteCodeTaken] })
    // An existing variant's stock changes by `delta`, not `qte`.
    const qte = await call('PUT', `/api/produit/${sold.id}`, admin, { ...body, variantes: [{ ...kept[0], qte: 4 }, kept[1]] })
    expect(qte.json().errors).toEqual({ 'variantes.0.qte': [M.qteOnExistingVariant] })
  })
})

describe('bulk price change', () => {
  it('by percentage rounded to the franc or by amount, in one go; refused whole below 1 FCFA or for another product’s variant', async () => {
    const sc = await makeSubcategory(shop.db)
    const rice = (await call('POST', '/api/produit', admin, riceBody(sc.id, [code('R5'), code('R25')]))).json() as Product
    const ids = rice.variantes.map((v) => v.id)
    const url = `/api/produit/${rice.id}/variantes/prix`
    expect((await call('POST', url, manager, { variantes: ids, mode: 'pourcentage', valeur: 10 })).statusCode).toBe(403)

    const up = await call('POST', url, admin, { variantes: ids, mode: 'pourcentage', valeur: 5 })
    expect(up.statusCode, up.body).toBe(200)
    // 4000 × 1.05 = 4200; 17500 × 1.05 = 18375.
    expect(up.json().variantes.map((v: { prix: number }) => v.prix)).toEqual([4200, 18375])
    const odd = await call('POST', url, admin, { variantes: [ids[1]], mode: 'pourcentage', valeur: -3 })
    // 18375 × 0.97 = 17823.75 → 17824.
    expect(odd.json().variantes.map((v: { prix: number }) => v.prix)).toEqual([4200, 17824])
    const down = await call('POST', url, admin, { variantes: ids, mode: 'montant', valeur: -200 })
    expect(down.json().variantes.map((v: { prix: number }) => v.prix)).toEqual([4000, 17624])
    expect(down.json().prix).toBe(4000)

    // Below 1 FCFA for one variant: nothing changes for any.
    const tooLow = await call('POST', url, admin, { variantes: ids, mode: 'montant', valeur: -4000 })
    expect(tooLow.statusCode).toBe(400)
    expect(tooLow.json().errors).toEqual({ valeur: [M.bulkPriceTooLow] })
    const minus100 = await call('POST', url, admin, { variantes: ids, mode: 'pourcentage', valeur: -100 })
    expect(minus100.json().errors).toEqual({ valeur: [M.bulkPriceTooLow] })
    expect((await rowsOf(rice.id)).map((v) => v.prix)).toEqual([4000, 17624])
    const other = await makeProduct(shop.db)
    const foreign = await call('POST', url, admin, { variantes: [ids[0], other.varianteId], mode: 'montant', valeur: 10 })
    expect(foreign.json().errors).toEqual({ 'variantes.1': [M.varianteNotFound] })
    const bad = await call('POST', url, admin, { variantes: [], mode: 'double', valeur: 0 })
    expect(bad.json().errors).toEqual({ variantes: [M.bulkVariantesRequired], mode: [M.bulkModeInvalid], valeur: [M.bulkValeurInvalid] })
    expect((await call('POST', `/api/produit/999999/variantes/prix`, admin, { variantes: ids, mode: 'montant', valeur: 1 })).statusCode).toBe(404)
    expect((await rowsOf(rice.id)).map((v) => v.prix)).toEqual([4000, 17624])

    const audit = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, 'produit'), eq(auditLog.resourceId, String(rice.id))))
    expect(audit.filter((a) => a.action === 'produit.prix_variantes')).toHaveLength(3)
  })
})

describe('the list', () => {
  it('says low stock when any live variant is at or below its threshold, and filters so', async () => {
    const sc = await makeSubcategory(shop.db)
    const low = (await call('POST', '/api/produit', admin, riceBody(sc.id, [code('L5'), code('L25')]))).json() as Product
    const body = riceBody(sc.id, [code('F5'), code('F25')])
    body.variantes[1]!.qte = 50
    const fine = (await call('POST', '/api/produit', admin, body)).json() as Product
    expect([low.stock_bas, fine.stock_bas]).toEqual([true, false])
    const ids = async (stock: string) => (await call('GET', `/api/produit?souscategorie=${sc.id}&stock=${stock}`, manager)).json().data.map((p: { id: number }) => p.id)
    expect(await ids('bas')).toEqual([low.id])
    expect(await ids('ok')).toEqual([fine.id])
    expect(await ids('rupture')).toEqual([])
    // Found by a variant's code or values.
    const found = async (q: string) => (await call('GET', `/api/produit?souscategorie=${sc.id}&q=${encodeURIComponent(q)}`, manager)).json().data.map((p: { id: number }) => p.id)
    expect(await found(fine.variantes[1]!.code.toLowerCase())).toEqual([fine.id])
    expect((await found('25 kg')).sort()).toEqual([low.id, fine.id].sort())
  })
})

describe('combinaisons', () => {
  it('gives every combination, the first option outermost, and refuses past 100', () => {
    expect(combinaisons([])).toEqual([{}])
    expect(combinaisons([{ nom: 'Taille', valeurs: ['S', 'M'] }, { nom: 'Couleur', valeurs: ['Bleu', 'Rouge'] }])).toEqual([
      { Taille: 'S', Couleur: 'Bleu' },
      { Taille: 'S', Couleur: 'Rouge' },
      { Taille: 'M', Couleur: 'Bleu' },
      { Taille: 'M', Couleur: 'Rouge' },
    ])
    const ten = Array.from({ length: 10 }, (_, i) => String(i))
    expect(combinaisons([{ nom: 'A', valeurs: ten }, { nom: 'B', valeurs: ten }])).toHaveLength(100)
    expect(combinaisons([{ nom: 'A', valeurs: ten }, { nom: 'B', valeurs: ten }, { nom: 'C', valeurs: ['x', 'y'] }])).toBeNull()
  })
})

describe('CSV with variants', () => {
  const header = PRODUCT_CSV_COLUMNS.join(';')
  const importCsv = (text: string, dry: '0' | '1') => call('POST', `/api/produit/import?dry_run=${dry}`, admin, text, { 'content-type': 'text/csv' })

  it('exports one row per variant grouped by product then position, with the options', async () => {
    const sc = await makeSubcategory(shop.db)
    const codes: [string, string] = [code('E5'), code('E25')]
    const rice = (await call('POST', '/api/produit', admin, riceBody(sc.id, codes, { code: code('EG') }))).json() as Product
    const res = await call('GET', '/api/produit/export.csv', manager)
    expect(res.statusCode).toBe(200)
    const lines = res.body.replace('\uFEFF', '').split('\r\n')
    expect(lines[0]).toBe(header)
    const mine = lines.filter((l) => l.includes(`;${rice.code};`))
    expect(mine).toEqual([
      `${codes[0]};Riz brisé parfumé;4000;140;sac;${sc.id};;10;${rice.code};Contenance;5 kg;;;;;`,
      `${codes[1]};Riz brisé parfumé;17500;2;sac;${sc.id};;3;${rice.code};Contenance;25 kg;;;;;`,
    ])
  })

  it('imports grouped rows as a product and its variants; the preview says so and writes nothing; old rows keep working', async () => {
    const sc = await makeSubcategory(shop.db)
    const group = code('CAFE')
    const [c1, c2, c3] = [code('C250'), code('C500'), code('SOLO')]
    const file = [
      header,
      `${c1};Café Touba moulu;1000;30;sachet;${sc.id};Torréfié;5;${group};Poids;250 g;;;;;3560070123456`,
      // A row of another product between the group's rows: grouped all the same.
      `${c3};Bissap séché;800;12;sachet;${sc.id};;;;;;;;;;`,
      `${c2};Café Touba moulu;1800;10;sachet;${sc.id};Torréfié;5;${group};Poids;500 g;;;;;`,
    ].join('\n')
    const before = (await shop.db.select({ id: variantes.id }).from(variantes)).length
    const preview = await importCsv(file, '1')
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toEqual({
      dry_run: true,
      crees: 3,
      modifies: 0,
      produits_crees: 2,
      produits_modifies: 0,
      erreurs: [],
      encodage: 'UTF-8',
      avertissement: null,
      apercu: [
        {
          produit_code: group,
          designation: 'Café Touba moulu',
          action: 'creation',
          variantes: [
            { code: c1, options: { Poids: '250 g' }, prix: 1000, quantite: 30, action: 'creation' },
            { code: c2, options: { Poids: '500 g' }, prix: 1800, quantite: 10, action: 'creation' },
          ],
        },
        { produit_code: c3, designation: 'Bissap séché', action: 'creation', variantes: [{ code: c3, options: {}, prix: 800, quantite: 12, action: 'creation' }] },
      ],
    })
    expect((await shop.db.select({ id: variantes.id }).from(variantes)).length).toBe(before)

    const done = await importCsv(file, '0')
    expect(done.json()).toMatchObject({ dry_run: false, crees: 3, modifies: 0, produits_crees: 2, produits_modifies: 0, erreurs: [] })
    const [coffee] = await shop.db.select().from(produits).where(eq(produits.code, group))
    expect(coffee).toMatchObject({ designation: 'Café Touba moulu', nbVariantes: 2, prix: 1000, quantite: 40, options: [{ nom: 'Poids', valeurs: ['250 g', '500 g'] }] })
    expect((await rowsOf(coffee!.id)).map((v) => [v.code, v.valeur1, v.prix, v.quantite, v.codeBarres, v.position])).toEqual([
      [c1, '250 g', 1000, 30, '3560070123456', 0],
      [c2, '500 g', 1800, 10, null, 1],
    ])
    const [solo] = await shop.db.select().from(produits).where(eq(produits.code, c3))
    expect(solo).toMatchObject({ designation: 'Bissap séché', nbVariantes: 1, prix: 800, quantite: 12, options: [] })

    // Again, with a new size and a new stock: the variants are updated, the new one added.
    const c4 = code('C1K')
    const again = [
      header,
      `${c2};Café Touba moulu;1900;15;sachet;${sc.id};Torréfié;5;${group};Poids;500 g;;;;;`,
      `${c4};Café Touba moulu;3500;3;sachet;${sc.id};Torréfié;5;${group};Poids;1 kg;;;;;`,
    ].join('\n')
    const second = await importCsv(again, '0')
    expect(second.json()).toMatchObject({ crees: 1, modifies: 1, produits_crees: 0, produits_modifies: 1, erreurs: [] })
    expect((await rowsOf(coffee!.id)).map((v) => [v.code, v.valeur1, v.prix, v.quantite, v.position])).toEqual([
      [c1, '250 g', 1000, 30, 0],
      [c2, '500 g', 1900, 15, 1],
      [c4, '1 kg', 3500, 3, 2],
    ])
    const moves = await shop.db.select().from(mouvementsStock).where(eq(mouvementsStock.produitId, coffee!.id))
    expect(moves.map((m) => [m.delta, m.raison]).sort()).toEqual([[10, 'import'], [3, 'import'], [30, 'import'], [5, 'import']].sort())

    // Today's eight columns: a row updates a variant by its code, its product found by it.
    const old = ['code;designation;prix;quantite;unite;souscategorie_id;description;seuil', `${c1};Café Touba moulu;1100;30;sachet;${sc.id};Torréfié;5`].join('\n')
    const third = await importCsv(old, '0')
    expect(third.json()).toMatchObject({ crees: 0, modifies: 1, produits_modifies: 1, erreurs: [] })
    expect((await rowsOf(coffee!.id)).map((v) => [v.code, v.valeur1, v.prix])).toEqual([
      [c1, '250 g', 1100],
      [c2, '500 g', 1900],
      [c4, '1 kg', 3500],
    ])
  })

  it('names the row and column of conflicting rows, and writes nothing', async () => {
    const sc = await makeSubcategory(shop.db)
    const other = await makeProduct(shop.db, { code: code('PRIS') })
    const group = code('THE')
    const [t1, t2] = [code('T1'), code('T2')]
    const file = [
      header,
      `${t1};Thé vert;500;5;boîte;${sc.id};;;${group};Format;petit;;;;;`,
      `${t2};Thé noir;900;5;boîte;${sc.id};;;${group};Format;grand;;;;;`,
      `${code('T3')};Thé vert;900;5;boîte;${sc.id};;;${group};Taille;grand;;;;;`,
      `${code('T4')};Thé vert;900;5;boîte;${sc.id};;;${group};Format;petit;;;;;`,
      `${other.code};Autre;900;5;boîte;${sc.id};;;${code('G')};Format;petit;;;;;`,
      `${code('T5')};Menthe;900;5;boîte;${sc.id};;;;Format;;;;;;`,
    ].join('\n')
    const count = (await shop.db.select({ id: produits.id }).from(produits)).length
    for (const dry of ['1', '0'] as const) {
      const res = await importCsv(file, dry)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ crees: 0, modifies: 0, apercu: [] })
      expect(res.json().erreurs).toEqual([
        { ligne: 3, champ: 'designation', message: M.csvGroupDiffers(2) },
        { ligne: 4, champ: 'option1_nom', message: M.csvGroupDiffers(2) },
        { ligne: 6, champ: 'code', message: M.csvCodeOtherProduct },
        { ligne: 7, champ: 'option1_valeur', message: M.optionValeurInvalid },
      ])
    }
    // Each combination once in a group.
    const twice = await importCsv([header, `${t1};Thé vert;500;5;boîte;${sc.id};;;${group};Format;petit;;;;;`, `${t2};Thé vert;900;5;boîte;${sc.id};;;${group};Format;petit;;;;;`].join('\n'), '1')
    expect(twice.json().erreurs).toEqual([{ ligne: 3, champ: 'option1_valeur', message: M.varianteCombinationTwice }])
    expect((await shop.db.select({ id: produits.id }).from(produits)).length).toBe(count)
    expect(MESSAGES.invalidInput).toBeTruthy()
  })
})
