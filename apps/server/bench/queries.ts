// The GraphQL documents the benchmarks send, shared by the load generator and the server under test.

/** 12 products with their sub-category and category: the home page grid (DESIGN §9). */
export const PRODUCT_PAGE_QUERY = `query ($page: Int, $count: Int) {
  produitspaginated(page: $page, count: $count) {
    metadata { total per_page current_page last_page }
    data { id designation prix prixformat quantite image like souscategorie { id designation categorie { id designation } } }
  }
}`

/** The search box's suggestions: 5 matches with image, designation and price. */
export const SEARCH_SUGGESTIONS_QUERY = `query ($q: String) { produitspaginated(page: 1, count: 5, designation: $q) { data { id designation prix prixformat image } } }`

/** A sub-category's grid page, as the storefront's category pages ask for it. */
export const GRID_QUERY = `query ($page: Int, $count: Int, $categorie_id: Int) {
  produitspaginated(page: $page, count: $count, categorie_id: $categorie_id) {
    metadata { total per_page current_page last_page }
    data { id designation prix prixformat quantite image like souscategorie { id designation categorie { id designation } } }
  }
}`

/**
 * The hostile request of issue 9 §4.1: one anonymous request asking 1,000 times for the most
 * viewed products. `n` renames the aliases, so that each request is new to the response cache.
 */
export const aliasAttackQuery = (n = 0) => `{ ${Array.from({ length: 1000 }, (_, i) => `b${i}_${n}: produitplusvus { id }`).join(' ')} }`

/** The prefixes a shopper types in the header search, letter by letter. */
export function typedPrefixes(terms: string[]): string[] {
  return terms.flatMap((term) => Array.from({ length: term.length }, (_, i) => term.slice(0, i + 1)).filter((p) => !p.endsWith(' ')))
}
