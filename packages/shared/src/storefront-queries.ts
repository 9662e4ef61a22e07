// The GraphQL documents the storefront sends, in one place: the web app runs them, and the
// server runs the same ones to embed a page's first data in its HTML (no second round trip).
// Their answers' schemas and types are in storefront-answers.ts.

const PRODUIT = `id designation prix prixformat prix_initial quantite description code unite like image imagesrcset
  souscategorie { id designation categorie { id designation } } options { nom valeurs } nb_variantes a_partir_de`
/** Only the product page asks a product's variants: a grid page stays one statement (ADR 053 §4). */
const VARIANTES = 'variantes { id options designation prix prixformat prix_initial quantite code image imagesrcset }'
const METADATA = 'metadata { total per_page current_page last_page }'

export const STOREFRONT_QUERIES = {
  preferences: `query Preferences { preferences {
    id logo logosrcset logo2 email lieu promotion promotionsrcset promotion2 promotion2srcset siteweb telephone telephone2
    whatsapp horaires latitude longitude } }`,
  categories: `query Categories { categories { id designation image imagesrcset
    souscategories { id designation image imagesrcset } } }`,
  souscategories: `query Souscategories { souscategories { id designation image imagesrcset categorie { id designation } } }`,
  caroussels: 'query Caroussels { caroussels { id image imagesrcset titre description } }',
  produits: `query Produits($page: Int, $count: Int, $categorie_id: Int, $designation: String, $tri: String, $prix_min: Int, $prix_max: Int,
    $en_stock: Boolean, $promotion: Boolean) {
    produitspaginated(page: $page, count: $count, categorie_id: $categorie_id, designation: $designation, tri: $tri,
      prix_min: $prix_min, prix_max: $prix_max, en_stock: $en_stock, promotion: $promotion) {
      ${METADATA} data { ${PRODUIT} } } }`,
  produit: `query Produit($id: Int!) { produits(id: $id) { ${PRODUIT} ${VARIANTES} } }`,
  similaires: `query Similaires($page: Int, $count: Int, $produit_id: Int) {
    produitsimilairespaginated(page: $page, count: $count, produit_id: $produit_id) { ${METADATA} data { ${PRODUIT} } } }`,
  plusvus: `query PlusVus { produitplusvus { ${PRODUIT} } }`,
  favoris: `query Favoris($page: Int, $count: Int) { favoriespaginated(page: $page, count: $count) {
    ${METADATA} data { id produit { ${PRODUIT} } } } }`,
  panier: `query Panier { paniers { id etat nombre total totalformat
    panierproduits { id produit_id variante_id quantite prix produit { ${PRODUIT} }
    variante { id options designation prix prixformat prix_initial quantite code image imagesrcset } } } }`,
  modepaiements: 'query ModesPaiement { modepaiements { id designation code image imagesrcset desc } }',
  depots: 'query Depots { depots { id designation description adresse latitude longitude horairestexte } }',
  modelivraisons: 'query ModesLivraison { modelivraisons { id code designation } }',
  zoneslivraison: 'query Zones { zoneslivraison { id designation frais fraisformat } }',
  pagecontenu: 'query PageContenu($slug: String!) { pagecontenu(slug: $slug) { slug titre description html } }',
  orthographes: 'query Orthographes($q: String!) { orthographes(q: $q) }',
  suivi: `query Suivi($numero: String!, $k: String!) { suivi(numero: $numero, k: $k) {
    numerocommande etat etat_text etat_badge created_at_fr modelivraison montantcommande montantliv remise montanttotal
    lignes { designation quantite prix } creneau { date debut fin libelle } supplement_a_payer retrait rembourse remboursements { id montant date_fr lignes { designation quantite total } } livreur { prenom } } }`,
} as const

export type StorefrontQuery = keyof typeof STOREFRONT_QUERIES

/** The root field each document answers under; what the query cache keeps is that field's value. */
export const STOREFRONT_ROOT_FIELDS: Record<StorefrontQuery, string> = {
  preferences: 'preferences',
  categories: 'categories',
  souscategories: 'souscategories',
  caroussels: 'caroussels',
  produits: 'produitspaginated',
  produit: 'produits',
  similaires: 'produitsimilairespaginated',
  plusvus: 'produitplusvus',
  favoris: 'favoriespaginated',
  panier: 'paniers',
  modepaiements: 'modepaiements',
  depots: 'depots',
  modelivraisons: 'modelivraisons',
  zoneslivraison: 'zoneslivraison',
  pagecontenu: 'pagecontenu',
  orthographes: 'orthographes',
  suivi: 'suivi',
}

/**
 * The documents that never go as GET (ADR 063): a visitor's other reads are of the public
 * catalogue, the same answer for everyone, which a CDN or the browser may keep, so the
 * storefront sends them as `GET /graphql?extensions=…`. The cart, favourites and an order's
 * follow-up (it carries a key) stay POST and `no-store`, as does every signed-in read.
 */
export const STOREFRONT_PRIVATE_QUERIES: ReadonlySet<StorefrontQuery> = new Set<StorefrontQuery>(['favoris', 'panier', 'suivi'])

/**
 * A page's number or category id from the address: a positive whole number (that GraphQL's Int
 * holds), or undefined. The server and the app read the address alike, so the data the server
 * embeds is found under the keys the app asks with.
 */
export function positiveIntParam(value: string | null | undefined): number | undefined {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined
}

/** The home page's first data, the same for every anonymous visitor. */
export const HOME_PAGE_SIZE = 12
/** Similar products shown under a product. */
export const SIMILAR_PAGE_SIZE = 6

/** One query's result in the query cache: the key both sides compute for a document and its variables. */
export interface InitialQuery {
  key: [string, StorefrontQuery, Record<string, unknown>, 'anon']
  data: unknown
}

/** The cache key of a storefront query; `viewer` separates anonymous answers (`like` is 0) from signed-in ones. */
export function storefrontKey(name: StorefrontQuery, variables: Record<string, unknown> = {}, viewer: 'anon' | 'auth' = 'anon') {
  return ['gql', name, variables, viewer] as const
}
