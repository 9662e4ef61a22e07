// GraphQL types and thin resolvers for the public catalogue (spec §7 names and arguments).
import { pageType, type GraphqlModule } from '../../plugins/graphql.ts'
import { subjectFor } from '../../lib/subject.ts'
import { MOST_VIEWED, type CatalogueService } from './catalogue.service.ts'
import { MAX_SPELLINGS } from './spelling.ts'

const schema = /* GraphQL */ `
  type CategorieRef {
    id: Int!
    designation: String!
  }
  type Souscategorie {
    id: Int!
    designation: String!
    image: String
    imagesrcset: String
    categorie: CategorieRef!
  }
  type Categorie {
    id: Int!
    designation: String!
    image: String
    imagesrcset: String
    souscategories: [Souscategorie!]!
  }
  type Produit {
    id: Int!
    designation: String!
    "What the shopper pays now: the sale price while a promotion runs."
    prix: Int!
    prixformat: String!
    "The regular price while a promotion runs (struck through), else null."
    prix_initial: Int
    quantite: Int!
    description: String
    code: String!
    unite: String!
    "1 when the signed-in client has this product in their favourites, else 0."
    like: Int!
    image: String
    imagesrcset: String
    souscategorie: Souscategorie!
  }
  ${pageType('Produit')}
  type Caroussel {
    id: Int!
    image: String!
    imagesrcset: String
    titre: String
    description: String
  }
  type Preferences {
    id: Int!
    logo: String
    logosrcset: String
    logo2: String
    email: String
    lieu: String
    promotion: String
    promotionsrcset: String
    promotion2: String
    promotion2srcset: String
    siteweb: String
    telephone: String
    telephone2: String
    "The contact page's (issue 19 §2): the shop's WhatsApp number, opening hours and place on the map."
    whatsapp: String
    horaires: String
    latitude: Float
    longitude: Float
  }
  extend type Query {
    """
    A page of products. Optional grid arguments (issue 19 §2): tri (prix_croissant, prix_decroissant,
    nouveautes, meilleures_ventes), prix_min and prix_max (FCFA, on the price now), en_stock
    (quantity above 0), promotion (only products whose sale runs). A bad value is refused with its field named.
    """
    produitspaginated(
      page: Int
      count: Int
      userId: Int
      categorie_id: Int
      designation: String
      tri: String
      prix_min: Int
      prix_max: Int
      en_stock: Boolean
      promotion: Boolean
    ): ProduitPage!
    produits(id: Int!): Produit
    produitsimilairespaginated(page: Int, count: Int, produit_id: Int): ProduitPage!
    produitplusvus: [Produit!]!
    "Searches to try when q finds nothing: its words that no product's name holds, spelled as the nearest ones that do (at most 3)."
    orthographes(q: String!): [String!]!
    categories: [Categorie!]!
    souscategories: [Souscategorie!]!
    caroussels: [Caroussel!]!
    preferences: Preferences
  }
  extend type Mutation {
    "Counts a visit of a product page toward the most-viewed list."
    enregistrerVue(produit_id: Int!): Boolean!
  }
`

/** Whose favourites decide `like`: the token's client; a userId naming someone else is refused. */
const likeViewer = (ctx: { user: { id: number; isadmin: boolean } | null }, userId?: number | null) =>
  userId != null ? subjectFor(ctx.user, userId) : (ctx.user?.id ?? null)

export function catalogueGraphql(service: CatalogueService): GraphqlModule {
  return {
    schema,
    publicQueries: ['produitspaginated', 'produits', 'produitsimilairespaginated', 'produitplusvus', 'orthographes', 'categories', 'souscategories', 'caroussels', 'preferences'],
    // The seeded catalogue has 10 categories of 2 to 5 sub-categories (38) and 4 slides: bounds
    // with room for the back-office to grow them (ADR 014).
    listSizes: {
      'Query.produitplusvus': MOST_VIEWED,
      'Query.orthographes': MAX_SPELLINGS,
      'Query.categories': 20,
      'Categorie.souscategories': 10,
      'Query.souscategories': 60,
      'Query.caroussels': 10,
    },
    resolvers: {
      Query: {
        produitspaginated: (_, args, ctx) => service.productPage(args, likeViewer(ctx, args.userId)),
        produits: (_, args, ctx) => service.product(args.id, ctx.user?.id ?? null),
        produitsimilairespaginated: (_, args, ctx) => service.similarPage(args, ctx.user?.id ?? null),
        produitplusvus: (_, __, ctx) => service.mostViewed(ctx.user?.id ?? null),
        orthographes: (_, args) => service.spellings(args.q),
        categories: () => service.categories(),
        souscategories: () => service.subcategories(),
        caroussels: () => service.slides(),
        preferences: () => service.preferences(),
      },
      Mutation: {
        enregistrerVue: (_, args, ctx) => service.recordView(args.produit_id, ctx.user ? { clientId: ctx.user.id } : { ip: ctx.ip ?? '' }),
      },
    },
  }
}
