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
