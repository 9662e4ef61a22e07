// The back-office catalogue (issue 10): roles on every route, the spec's product and category
// forms with their exact messages, archive instead of delete, stock movements, the audit
// record, CSV import and export, and catalogue writes reaching the storefront at once.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES as M } from '@teranga/shared/backoffice-catalogue'
import { MESSAGES } from '@teranga/shared/server-messages'
import { createCatalogueCaches } from '../src/lib/catalogue-caches.ts'
import { createStorefrontPages } from '../src/modules/storefront/storefront-pages.ts'
import { auditLog, detailCommandes, produits } from '../src/db/schema.ts'
import { makeCategory, makeProduct, makeSubcategory } from './factories.ts'
import { anotherInstance, createTestApp, signInStaff, gql, signIn, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp({ catalogueCacheTtl: 60 })
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (method: Method, url: string, who?: SignedIn, payload?: unknown, headers: Record<string, string> = {}) =>
  shop.app.inject({ method, url, headers: { ...(who?.auth ?? {}), ...headers }, ...(payload === undefined ? {} : typeof payload === 'string' ? { payload } : { payload: payload as object }) })

/** `text` as French Excel saves it: Windows-1252 (Latin-1, and a few signs in 0x80–0x9F). */
function windows1252(text: string): Buffer {
  const high: Record<string, number> = { '€': 0x80, '’': 0x92, 'œ': 0x9c, 'Œ': 0x8c }
  return Buffer.from([...text].map((c) => high[c] ?? (c.charCodeAt(0) < 0x100 ? c.charCodeAt(0) : 0x3f)))
}

const auditFor = (resource: string, id: number | string) =>
  shop.db.select().from(auditLog).where(eq(auditLog.resourceId, String(id))).then((rows) => rows.filter((r) => r.resource === resource))

describe('roles on every catalogue route', () => {
  it('401 for visitors, 403 staffOnly for customers, 403 adminOnly for a gestionnaire on admin writes; a gestionnaire reads and moves stock', async () => {
    const p = await makeProduct(shop.db)
    const sc = await makeSubcategory(shop.db)
    const routes: Array<{ method: Method; url: string; admin: boolean; body?: unknown }> = [
      { method: 'GET', url: '/api/produit', admin: false },
      { method: 'GET', url: `/api/produit/${p.id}`, admin: false },
      { method: 'GET', url: '/api/produit/export.csv', admin: false },
      { method: 'GET', url: `/api/produit/${p.id}/mouvements`, admin: false },
      { method: 'POST', url: `/api/produit/${p.id}/mouvements`, admin: false, body: { delta: 1, motif: 'Livraison' } },
      { method: 'POST', url: '/api/produit', admin: true, body: { designation: 'X', prix: 100, qte: 1, unite: 'kg', categorie_id: sc.id } },
      { method: 'PUT', url: `/api/produit/${p.id}`, admin: true, body: { designation: 'X', prix: 100, unite: 'kg', categorie_id: sc.id } },
      { method: 'DELETE', url: `/api/produit/${p.id}`, admin: true },
      { method: 'POST', url: `/api/produit/${p.id}/desarchiver`, admin: true },
      { method: 'POST', url: '/api/produit/import?dry_run=1', admin: true, body: 'code;designation;prix;quantite;unite;souscategorie_id\n' },
      { method: 'POST', url: '/api/media', admin: true },
      { method: 'GET', url: '/api/categorie', admin: false },
      { method: 'GET', url: `/api/categorie/${sc.categorieId}`, admin: false },
      { method: 'POST', url: '/api/categorie', admin: true, body: { designation: 'Boissons' } },
      { method: 'PUT', url: `/api/categorie/${sc.categorieId}`, admin: true, body: { designation: 'Boissons' } },
      { method: 'DELETE', url: `/api/categorie/${sc.categorieId}`, admin: true },
      { method: 'GET', url: '/api/souscategorie', admin: false },
      { method: 'GET', url: `/api/souscategorie/${sc.id}`, admin: false },
      { method: 'POST', url: '/api/souscategorie', admin: true, body: { designation: 'Jus', categorie_id: sc.categorieId } },
      { method: 'PUT', url: `/api/souscategorie/${sc.id}`, admin: true, body: { designation: 'Jus', categorie_id: sc.categorieId } },
      { method: 'DELETE', url: `/api/souscategorie/${sc.id}`, admin: true },
    ]
    for (const route of routes) {
      const headers: Record<string, string> = typeof route.body === 'string' ? { 'content-type': 'text/csv' } : {}
      const visitor = await call(route.method, route.url, undefined, route.body, headers)
      expect(visitor.statusCode, `${route.method} ${route.url} visitor`).toBe(401)
      const asCustomer = await call(route.method, route.url, customer, route.body, headers)
      expect(asCustomer.statusCode, `${route.method} ${route.url} customer`).toBe(403)
      expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
      const asManager = await call(route.method, route.url, manager, route.body, headers)
      if (route.admin) {
        expect(asManager.statusCode, `${route.method} ${route.url} gestionnaire`).toBe(403)
        expect(asManager.json().message).toBe(MESSAGES.adminOnly)
      } else {
        expect(asManager.statusCode, `${route.method} ${route.url} gestionnaire: ${asManager.body}`).toBeLessThan(300)
      }
    }
  })

  it('checks the role before the body: a visitor sending an empty form gets 401, a gestionnaire 403', async () => {
    expect((await call('POST', '/api/produit', undefined, {})).statusCode).toBe(401)
    expect((await call('POST', '/api/produit', manager, {})).statusCode).toBe(403)
    expect((await call('POST', '/api/categorie', customer, { designation: 'x' })).statusCode).toBe(403)
  })
})

describe('products', () => {
  it('the spec form refuses each field with its exact message', async () => {
    const empty = await call('POST', '/api/produit', admin, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toMatchObject({
      designation: [M.designationRequired],
      prix: [M.prixRequired],
      qte: [M.qteRequired],
      unite: [M.uniteRequired],
      categorie_id: [M.categorieRequired],
    })
    expect(empty.json().errors.designation).toEqual(['La désignation est requise'])
    expect(empty.json().errors.prix).toEqual(['Le prix est requis'])
    expect(empty.json().errors.unite).toEqual(["L'unité est requise"])
    expect(empty.json().errors.categorie_id).toEqual(['La categorie est requise'])

    const wrong = await call('POST', '/api/produit', admin, { designation: 'Mangue', prix: 'beaucoup', qte: '1.5', unite: 'kg', categorie_id: 1 })
    expect(wrong.json().errors.prix).toEqual(['Le prix doit être un nombre'])
    expect(wrong.json().errors.qte).toEqual(['La quantité doit être un entier'])

    const negative = await call('POST', '/api/produit', admin, { designation: 'Mangue', prix: -10, qte: 0, unite: 'kg', categorie_id: 1 })
    expect(negative.json().errors.prix).toEqual(['Le prix doit être positif'])
    expect(negative.json().errors.qte).toEqual(['La quantité doit être au moins 1'])
  })

  it('creates from form strings, reads, filters, sorts, updates and records the audit', async () => {
    const sc = await makeSubcategory(shop.db)
    const created = await call('POST', '/api/produit', admin, {
      designation: 'Mangue Kent',
      prix: '1 500',
      qte: '3',
      unite: 'kg',
      categorie_id: String(sc.id),
      seuil: 5,
      image: 'catalogue/basket',
    })
    expect(created.statusCode, created.body).toBe(201)
    const item = created.json()
    expect(item).toMatchObject({
      designation: 'Mangue Kent',
      prix: 1500,
      prix_fr: '1\u00a0500\u00a0FCFA',
      quantite: 3,
      seuil: 5,
      stock_bas: true,
      actif: true,
      image: '/media/catalogue/basket-320.webp',
      souscategorie: { id: sc.id, categorie: { id: sc.categorieId } },
    })
    expect(item.code).toMatch(/^P-/)
    expect((await auditFor('produit', item.id)).map((a) => a.action)).toEqual(['produit.creer'])

    const list = await call('GET', `/api/produit?souscategorie=${sc.id}&stock=bas&sort=prix&dir=asc`, manager)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([item.id])
    expect((await call('GET', `/api/produit?souscategorie=${sc.id}&stock=ok`, manager)).json().metadata.total).toBe(0)
    expect((await call('GET', `/api/produit?q=mangue%20kent&categorie=${sc.categorieId}`, manager)).json().data[0].id).toBe(item.id)
    expect((await call('GET', `/api/produit?q=MANGUE%20k%C3%A9nt`, manager)).json().data.map((p: { id: number }) => p.id)).toContain(item.id)
    expect((await call('GET', `/api/produit?q=100%25`, manager)).json().metadata.total).toBe(0)
    expect((await call('GET', '/api/produit?count=1000', manager)).statusCode).toBe(400)

    // Promotions (issue 19 §1): the sales that run now, and those set to start later.
    const promoSc = await makeSubcategory(shop.db)
    const day = 86_400_000
    const runs = await makeProduct(shop.db, { souscategorieId: promoSc.id, prix: 2000, prixPromo: 1500 })
    const later = await makeProduct(shop.db, { souscategorieId: promoSc.id, prix: 2000, prixPromo: 1500, promoDebut: new Date(Date.now() + day) })
    await makeProduct(shop.db, { souscategorieId: promoSc.id, prix: 2000, prixPromo: 1500, promoFin: new Date(Date.now() - day) })
    await makeProduct(shop.db, { souscategorieId: promoSc.id, prix: 2000 })
    const promoIds = async (promo: string) => (await call('GET', `/api/produit?souscategorie=${promoSc.id}&promo=${promo}`, manager)).json().data.map((p: { id: number }) => p.id)
    expect(await promoIds('en_cours')).toEqual([runs.id])
    expect(await promoIds('programmee')).toEqual([later.id])
    const listed = (await call('GET', `/api/produit?souscategorie=${promoSc.id}&count=10`, manager)).json().data as Array<{ id: number; promo_active: boolean; promo_programmee: boolean }>
    expect(listed.filter((p) => p.promo_programmee).map((p) => p.id)).toEqual([later.id])
    expect(listed.filter((p) => p.promo_active).map((p) => p.id)).toEqual([runs.id])
    const badPromo = await call('GET', '/api/produit?promo=toutes', manager)
    expect(badPromo.statusCode).toBe(400)
    expect(Object.keys(badPromo.json().errors)).toEqual(['promo'])

    const updated = await call('PUT', `/api/produit/${item.id}`, admin, { designation: 'Mangue Kent bio', prix: 1800, unite: 'kg', categorie_id: sc.id })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({ designation: 'Mangue Kent bio', prix: 1800, quantite: 3, code: item.code })
    const audits = await auditFor('produit', item.id)
    const modif = audits.find((a) => a.action === 'produit.modifier')!
    expect(modif.staffId).toBe(admin.userId)
    expect(modif.before).toMatchObject({ prix: 1500 })
    expect(modif.after).toMatchObject({ prix: 1800 })

    const other = await makeProduct(shop.db, { souscategorieId: sc.id })
    const taken = await call('PUT', `/api/produit/${item.id}`, admin, { designation: 'X', prix: 1, unite: 'kg', categorie_id: sc.id, code: other.code })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().errors.code).toEqual([M.codeTaken])
    const unknownSc = await call('PUT', `/api/produit/${item.id}`, admin, { designation: 'X', prix: 1, unite: 'kg', categorie_id: 999999 })
    expect(unknownSc.statusCode).toBe(400)
    expect((await call('GET', '/api/produit/999999', manager)).statusCode).toBe(404)
  })

  it('archives a product that was ever ordered, deletes one that never was, and brings an archived one back', async () => {
    const never = await makeProduct(shop.db)
    const gone = await call('DELETE', `/api/produit/${never.id}`, admin)
    expect(gone.json()).toEqual({ archive: false })
    expect(await shop.db.select().from(produits).where(eq(produits.id, never.id))).toHaveLength(0)
    expect((await auditFor('produit', never.id)).map((a) => a.action)).toEqual(['produit.supprimer'])

    const ordered = await makeProduct(shop.db)
    // An order line pointing at it (placed through the real flow in staff.test.ts).
    await placeOrderLine(ordered.id)
    const archived = await call('DELETE', `/api/produit/${ordered.id}`, admin)
    expect(archived.json()).toEqual({ archive: true })
    const [row] = await shop.db.select().from(produits).where(eq(produits.id, ordered.id))
    expect(row!.actif).toBe(false)
    expect((await call('GET', `/api/produit?q=${ordered.code}`, admin)).json().metadata.total).toBe(0)
    expect((await call('GET', `/api/produit?q=${ordered.code}&archive=1`, admin)).json().data[0].id).toBe(ordered.id)
    const back = await call('POST', `/api/produit/${ordered.id}/desarchiver`, admin)
    expect(back.json().actif).toBe(true)
    expect((await auditFor('produit', ordered.id)).map((a) => a.action)).toEqual(['produit.archiver', 'produit.desarchiver'])
  })
})

async function placeOrderLine(produitId: number) {
  const buyer = await signIn(shop.app)
  await shop.app.inject({ method: 'POST', url: '/api/panier', headers: buyer.auth, payload: { user: buyer.userId, produit: produitId, quantite: 1, action: 0 } })
  const [modes, delivery] = await Promise.all([
    shop.app.inject({ url: '/api/modepaiements' }).then((r) => r.json() as Array<{ id: number; code: string }>),
    shop.app.inject({ url: '/api/modelivraisons' }).then((r) => r.json() as Array<{ id: number; code: string }>),
  ])
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/commande',
    headers: buyer.auth,
    payload: {
      modelivraison: delivery.find((m) => m.code === 'DOMICILE')!.id,
      modepaiement: modes.find((m) => m.code === 'CASH')!.id,
      adresseliv: 'Rue 10, villa 24, Mermoz',
      zone: 'Mermoz',
      tel: '+221 77 123 45 67',
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  expect(await shop.db.select().from(detailCommandes).where(eq(detailCommandes.produitId, produitId))).toHaveLength(1)
}

describe('stock movements', () => {
  it('a gestionnaire adds a delivery and a loss with reasons; the stock never goes below 0; the history lists them newest first', async () => {
    const p = await makeProduct(shop.db, { quantite: 4 })
    const bad = await call('POST', `/api/produit/${p.id}/mouvements`, manager, { delta: 0, motif: '' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual({ delta: [M.deltaNonZero], motif: [M.motifRequired] })
    expect((await call('POST', `/api/produit/${p.id}/mouvements`, manager, { delta: 1.5, motif: 'x' })).json().errors.delta).toEqual([M.deltaInteger])

    const delivery = await call('POST', `/api/produit/${p.id}/mouvements`, manager, { delta: 10, motif: 'Livraison du grossiste' })
    expect(delivery.statusCode, delivery.body).toBe(201)
    expect(delivery.json()).toMatchObject({ delta: 10, quantite_apres: 14, motif: 'Livraison du grossiste', staff: { id: manager.userId } })
    const loss = await call('POST', `/api/produit/${p.id}/mouvements`, manager, { delta: '-3', motif: 'Casse' })
    expect(loss.json().quantite_apres).toBe(11)

    const tooMuch = await call('POST', `/api/produit/${p.id}/mouvements`, manager, { delta: -12, motif: 'Perte' })
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json().message).toBe(M.stockNegative(11))

    // Concurrent losses: the row lock lets exactly as many through as the stock allows.
    const results = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/produit/${p.id}/mouvements`, manager, { delta: -5, motif: 'Perte' })))
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409])
    const [row] = await shop.db.select().from(produits).where(eq(produits.id, p.id))
    expect(row!.quantite).toBe(1)

    const history = await call('GET', `/api/produit/${p.id}/mouvements?count=10`, manager)
    expect(history.statusCode).toBe(200)
    expect(history.json().metadata.total).toBe(4)
    expect(history.json().data.map((m: { quantite_apres: number }) => m.quantite_apres)).toEqual([1, 6, 11, 14])
    expect(history.json().data[0].date_fr).toMatch(/\d{4} à \d{2}:\d{2}/)
    expect((await auditFor('produit', p.id)).filter((a) => a.action === 'produit.stock')).toHaveLength(4)
  })
})

describe('categories and sub-categories', () => {
  it('the category form messages, CRUD with audit, and 409 when deleting a non-empty one', async () => {
    const short = await call('POST', '/api/categorie', admin, { designation: 'A' })
    expect(short.json().errors.designation).toEqual(['La désignation doit contenir au moins 2 caractères'])
    const long = await call('POST', '/api/categorie', admin, { designation: 'A'.repeat(51) })
    expect(long.json().errors.designation).toEqual(['La désignation ne doit pas dépasser 50 caractères'])
    expect((await call('POST', '/api/categorie', admin, {})).json().errors.designation).toEqual([M.designationRequired])

    const cat = await call('POST', '/api/categorie', admin, { designation: 'Boissons', image: 'catalogue/basket', position: 3 })
    expect(cat.statusCode, cat.body).toBe(201)
    const catId = cat.json().id
    expect(cat.json()).toMatchObject({ designation: 'Boissons', position: 3, image_key: 'catalogue/basket', image: '/media/catalogue/basket-320.webp' })
    const sub = await call('POST', '/api/souscategorie', admin, { designation: 'Jus locaux', categorie_id: catId })
    expect(sub.statusCode, sub.body).toBe(201)
    expect(sub.json().categorie).toEqual({ id: catId, designation: 'Boissons' })
    expect((await call('POST', '/api/souscategorie', admin, { designation: 'J' })).json().errors).toEqual({
      designation: [M.designationMin],
      categorie_id: [M.categorieRequired],
    })

    const renamed = await call('PUT', `/api/categorie/${catId}`, admin, { designation: 'Boissons fraîches' })
    expect(renamed.json()).toMatchObject({ designation: 'Boissons fraîches', position: 3, image_key: 'catalogue/basket' })

    const full = await call('DELETE', `/api/categorie/${catId}`, admin)
    expect(full.statusCode).toBe(409)
    expect(full.json().message).toBe(M.categoryNotEmpty)
    await makeProduct(shop.db, { souscategorieId: sub.json().id })
    const fullSub = await call('DELETE', `/api/souscategorie/${sub.json().id}`, admin)
    expect(fullSub.statusCode).toBe(409)
    expect(fullSub.json().message).toBe(M.subcategoryNotEmpty)

    const emptyCat = await makeCategory(shop.db)
    expect((await call('DELETE', `/api/categorie/${emptyCat.id}`, admin)).statusCode).toBe(204)
    expect((await call('GET', `/api/categorie/${emptyCat.id}`, manager)).statusCode).toBe(404)
    expect((await auditFor('categorie', catId)).map((a) => a.action)).toEqual(['categorie.creer', 'categorie.modifier'])
    expect((await auditFor('categorie', emptyCat.id)).map((a) => a.action)).toEqual(['categorie.supprimer'])
    const subs = await call('GET', `/api/souscategorie?categorie=${catId}`, manager)
    expect(subs.json().map((s: { designation: string }) => s.designation)).toEqual(['Jus locaux'])
  })
})

describe('CSV', () => {
  it('exports with a BOM and semicolons', async () => {
    const p = await makeProduct(shop.db, { designation: 'Thé; vert "Ataya"', code: 'CSV-EXP-1' })
    const res = await call('GET', '/api/produit/export.csv', manager)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    // Today's eight columns first, then the variant's (ADR 053 §7): a product of one variant is its own group.
    expect(res.body.startsWith('\uFEFFcode;designation;prix;quantite;unite;souscategorie_id;description;seuil;produit_code;option1_nom;option1_valeur;option2_nom;option2_valeur;option3_nom;option3_valeur;code_barres\r\n')).toBe(true)
    expect(res.body).toContain(';Un produit de test.;5;CSV-EXP-1;;;;;;;\r\n')
    expect(res.body).toContain(`CSV-EXP-1;"Thé; vert ""Ataya""";1500;50;pièce;${p.souscategorieId};`)
  })

  it('a dry run lists every row error and writes nothing; a clean import creates and updates by code', async () => {
    const sc = await makeSubcategory(shop.db)
    const existing = await makeProduct(shop.db, { code: 'CSV-UPD-1', quantite: 10, souscategorieId: sc.id })
    const bad = [
      'code;designation;prix;quantite;unite;souscategorie_id;description;seuil',
      `CSV-NEW-1;Arachides grillées;750;20;sachet;${sc.id};;`,
      `CSV-NEW-2;;abc;1;sachet;${sc.id};;`,
      `CSV-NEW-3;Bissap;-5;2;;999999;;`,
      `CSV-NEW-1;Doublon;100;1;kg;${sc.id};;`,
    ].join('\n')
    const before = await shop.db.select().from(produits)
    for (const dry of ['1', '0']) {
      const res = await call('POST', `/api/produit/import?dry_run=${dry}`, admin, bad, { 'content-type': 'text/csv' })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().erreurs).toEqual([
        { ligne: 3, champ: 'designation', message: M.designationRequired },
        { ligne: 3, champ: 'prix', message: M.prixNumber },
        { ligne: 4, champ: 'prix', message: M.prixPositive },
        { ligne: 4, champ: 'unite', message: M.uniteRequired },
        { ligne: 4, champ: 'souscategorie_id', message: M.subcategoryNotFound },
        { ligne: 5, champ: 'code', message: 'Ce code figure déjà à la ligne 2' },
      ])
    }
    expect(await shop.db.select().from(produits)).toHaveLength(before.length)

    const good = ['code;designation;prix;quantite;unite;souscategorie_id;description;seuil', `CSV-NEW-1;Arachides grillées;750;20;sachet;${sc.id};Du Saloum;3`, `CSV-UPD-1;Nouveau nom;2000;7;kg;${sc.id};;`].join('\n')
    const dry = await call('POST', '/api/produit/import?dry_run=1', admin, good, { 'content-type': 'text/csv' })
    expect(dry.json()).toMatchObject({ dry_run: true, crees: 1, modifies: 1, produits_crees: 1, produits_modifies: 1, erreurs: [], encodage: 'UTF-8', avertissement: null })
    expect(dry.json().apercu.map((p: { produit_code: string; action: string }) => [p.produit_code, p.action])).toEqual([['CSV-NEW-1', 'creation'], ['CSV-UPD-1', 'modification']])
    expect(await shop.db.select().from(produits)).toHaveLength(before.length)
    const done = await call('POST', '/api/produit/import?dry_run=0', admin, `\uFEFF${good}`, { 'content-type': 'text/csv' })
    expect(done.json()).toMatchObject({ dry_run: false, crees: 1, modifies: 1, produits_crees: 1, produits_modifies: 1, erreurs: [], encodage: 'UTF-8', avertissement: null })
    const [updated] = await shop.db.select().from(produits).where(eq(produits.id, existing.id))
    expect(updated).toMatchObject({ designation: 'Nouveau nom', prix: 2000, quantite: 7 })
    const moves = await call('GET', `/api/produit/${existing.id}/mouvements`, admin)
    expect(moves.json().data[0]).toMatchObject({ delta: -3, quantite_apres: 7, raison: 'import', raison_text: 'Import CSV', motif: null, staff: { id: admin.userId } })
    const [created] = await shop.db.select().from(produits).where(eq(produits.code, 'CSV-NEW-1'))
    expect(created).toMatchObject({ designation: 'Arachides grillées', quantite: 20, seuil: 3, description: 'Du Saloum' })

    const noColumns = await call('POST', '/api/produit/import', admin, 'foo;bar\n1;2', { 'content-type': 'text/csv' })
    expect(noColumns.statusCode).toBe(400)
    const tooBig = await call('POST', '/api/produit/import', admin, 'x'.repeat(1024 * 1024 + 1), { 'content-type': 'text/csv' })
    expect(tooBig.statusCode).toBe(413)
  })

  it('reads UTF-8 with or without its BOM, and the Windows-1252 that French Excel writes, saying so', async () => {
    const sc = await makeSubcategory(shop.db)
    const rows = (prefix: string) => [
      'code;designation;prix;quantite;unite;souscategorie_id;description;seuil',
      `${prefix}-1;Thiéboudienne;3500;5;plat;${sc.id};Crème de mil, œufs;`,
      `${prefix}-2;Crème fraîche;1200;10;pot;${sc.id};Prix en €, l’unité;`,
    ].join('\r\n')
    const stored = async (prefix: string) =>
      (await shop.db.select({ code: produits.code, designation: produits.designation, description: produits.description }).from(produits)).filter((p) => p.code?.startsWith(`${prefix}-`)).sort((a, b) => a.code!.localeCompare(b.code!))
    const expected = (prefix: string) => [
      { code: `${prefix}-1`, designation: 'Thiéboudienne', description: 'Crème de mil, œufs' },
      { code: `${prefix}-2`, designation: 'Crème fraîche', description: 'Prix en €, l’unité' },
    ]

    // Windows-1252: é, è, î as Latin-1, and œ, €, ’ in the bytes 0x80–0x9F that Latin-1 lacks.
    const excel = windows1252(rows('CSV-1252'))
    expect(excel.includes(0x9c) && excel.includes(0x80) && excel.includes(0xe9)).toBe(true)
    const preview = await call('POST', '/api/produit/import?dry_run=1', admin, excel, { 'content-type': 'text/csv' })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toMatchObject({ dry_run: true, crees: 2, modifies: 0, erreurs: [], encodage: 'Windows-1252', avertissement: M.csvReadAsWindows1252 })
    expect(preview.json().apercu.map((p: { designation: string }) => p.designation)).toEqual(['Thiéboudienne', 'Crème fraîche'])
    const imported = await call('POST', '/api/produit/import?dry_run=0', admin, excel, { 'content-type': 'text/csv' })
    expect(imported.json()).toMatchObject({ crees: 2, encodage: 'Windows-1252', avertissement: M.csvReadAsWindows1252 })
    expect(await stored('CSV-1252')).toEqual(expected('CSV-1252'))

    // UTF-8, without and with its BOM: read as is, no warning.
    for (const [prefix, bom] of [['CSV-UTF8', ''], ['CSV-BOM', '\uFEFF']] as const) {
      const res = await call('POST', '/api/produit/import?dry_run=0', admin, Buffer.from(bom + rows(prefix), 'utf8'), { 'content-type': 'text/csv' })
      expect(res.json(), prefix).toMatchObject({ dry_run: false, crees: 2, modifies: 0, produits_crees: 2, erreurs: [], encodage: 'UTF-8', avertissement: null })
      expect(await stored(prefix)).toEqual(expected(prefix))
    }

    // A Windows-1252 file's row errors are named as for any file, with the warning.
    const bad = windows1252(`code;designation;prix;quantite;unite;souscategorie_id\r\nCSV-1252-3;Café Touba;abc;1;sachet;${sc.id}\r\n`)
    const refused = await call('POST', '/api/produit/import?dry_run=1', admin, bad, { 'content-type': 'text/csv' })
    expect(refused.json()).toEqual({ dry_run: true, crees: 0, modifies: 0, produits_crees: 0, produits_modifies: 0, apercu: [], erreurs: [{ ligne: 2, champ: 'prix', message: M.prixNumber }], encodage: 'Windows-1252', avertissement: M.csvReadAsWindows1252 })
    // Not a file: a JSON body is refused naming it, in French.
    const json = await call('POST', '/api/produit/import?dry_run=1', admin, { csv: 'code' })
    expect(json.statusCode).toBe(400)
    expect(json.json()).toEqual({ message: MESSAGES.invalidInput, errors: { body: [M.csvInvalid] } })
  })
})

describe('catalogue writes reach the storefront at once', () => {
  const search = `query($d:String){ produitspaginated(page:1, count:10, designation:$d){ data { id designation } } }`

  it('a product created in the back office shows in the anonymous (cached) catalogue at once', async () => {
    const sc = await makeSubcategory(shop.db)
    const before = await gql(shop.app, search, { d: 'Ditakh' })
    expect(before.data!.produitspaginated.data).toEqual([])
    // Polled: the sub-category's own NOTIFY, heard after the first request, may empty the cache once.
    await expect.poll(async () => (await gql(shop.app, search, { d: 'Ditakh' })).res.headers['x-cache'], { timeout: 3000, interval: 20 }).toBe('HIT')
    const created = await call('POST', '/api/produit', admin, { designation: 'Ditakh frais', prix: 900, qte: 5, unite: 'kg', categorie_id: sc.id })
    expect(created.statusCode).toBe(201)
    const after = await gql(shop.app, search, { d: 'Ditakh' })
    expect(after.res.headers['x-cache']).toBeUndefined()
    expect(after.data!.produitspaginated.data.map((p: { designation: string }) => p.designation)).toEqual(['Ditakh frais'])
  })

  it('another instance on the same database empties its cache on the NOTIFY', async () => {
    const other = await anotherInstance(shop, { catalogueCacheTtl: 60 })
    try {
      const sc = await makeSubcategory(shop.db)
      expect((await gql(other, search, { d: 'Madd' })).data!.produitspaginated.data).toEqual([])
      await expect.poll(async () => (await gql(other, search, { d: 'Madd' })).res.headers['x-cache'], { timeout: 3000, interval: 20 }).toBe('HIT')
      expect((await call('POST', '/api/produit', admin, { designation: 'Madd de Casamance', prix: 500, qte: 5, unite: 'kg', categorie_id: sc.id })).statusCode).toBe(201)
      await expect
        .poll(async () => (await gql(other, search, { d: 'Madd' })).data!.produitspaginated.data.length, { timeout: 3000, interval: 50 })
        .toBe(1)
    } finally {
      await other.close()
    }
  })
})

describe('the catalogue caches', () => {
  it('a storefront page rendered before a write is rendered again after the caches are emptied', async () => {
    let runs = 0
    const pages = createStorefrontPages({
      template: '<html><head><title>Teranga</title></head><body><div id="root"></div></body></html>',
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
      publicUrl: 'https://boutique.test',
      run: async () => {
        runs++
        return { data: { categories: [] } }
      },
      renderer: { dataFor: async () => [{ name: 'categories', variables: {} }] as never, render: async () => ({ html: '', status: 200 }) },
      ttlMs: 60_000,
    })
    const caches = createCatalogueCaches()
    caches.add(pages.clear)
    await pages.render('/')
    await pages.render('/')
    expect(runs).toBe(1)
    caches.clear()
    await pages.render('/')
    expect(runs).toBe(2)
  })
})
