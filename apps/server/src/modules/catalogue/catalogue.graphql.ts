// GraphQL types and thin resolvers for the public catalogue (spec §7 names and arguments).
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql'
import { pageType, type GraphqlModule } from '../../plugins/graphql.ts'
import { subjectFor } from '../../lib/subject.ts'
import type { Produit, Variante } from './catalogue.format.ts'
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
    "Its options in display order (« Contenance »: 5 kg, 25 kg); none for a product without options."
    options: [ProduitOption!]!
    "How many live variants it has: 1 for a product without options."
    nb_variantes: Int!
    "Several variants whose prices differ (or one on sale): the card writes « à partir de » before prix."
    a_partir_de: Boolean!
    "Its live variants by position (sold out ones included), read for all the answer's products at once."
    variantes: [Variante!]!
  }
  type ProduitOption {
    nom: String!
    valeurs: [String!]!
  }
  "A variant's values by option name, as an object (Contenance: 25 kg); an empty object without options."
  scalar OptionsVariante
  type Variante {
    id: Int!
    options: OptionsVariante!
    "The product's name followed by the variant's values."
    designation: String!
    "What the shopper pays now for it: the sale price while its promotion runs."
    prix: Int!
    prixformat: String!
    prix_initial: Int
    quantite: Int!
    code: String!
    image: String
    imagesrcset: String
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

/** Option values by name: an object of strings, in and out (GraphQL has no map). */
const optionsVariante = new GraphQLScalarType({
  name: 'OptionsVariante',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.values(value).every((v) => typeof v === 'string')) {
      throw new GraphQLError('Les options d’une variante sont un objet de textes.')
    }
    return value
  },
  parseLiteral: (ast: ValueNode) => {
    if (ast.kind !== Kind.OBJECT || !ast.fields.every((f) => f.value.kind === Kind.STRING)) throw new GraphQLError('Les options d’une variante sont un objet de textes.')
    return Object.fromEntries(ast.fields.map((f) => [f.name.value, (f.value as { value: string }).value]))
  },
})

/** The variants a product holds at most (ADR 053 §1; the back office refuses more). */
const MAX_VARIANTS_PER_PRODUCT = 100

/**
 * `Produit.variantes` for all the products of one answer in one statement: the products asked
 * while answers are resolved are gathered (until the pending reads have run, `setImmediate`),
 * then read at once; a product asked twice in one answer (its context) is read once. It works
 * for HTTP requests and for the storefront's in-process reads alike (Mercurius's own loaders
 * need a reply).
 */
function variantsBatcher(service: CatalogueService) {
  const batches = new WeakMap<object, Map<number, { produit: Produit; variants: Promise<Variante[]> }>>()
  type Asked = { produit: Produit; resolve: (v: Variante[]) => void; reject: (e: unknown) => void }
  // Signed-in answers read the primary, anonymous ones may read the replica (ADR 064): two batches.
  const pending = new Map<boolean, Asked[]>()
  function flush(signedIn: boolean) {
    const asked = pending.get(signedIn) ?? []
    pending.delete(signedIn)
    service.variantsFor(asked.map((a) => a.produit), signedIn).then(
      (lists) => asked.forEach((a, i) => a.resolve(lists[i]!)),
      (error: unknown) => asked.forEach((a) => a.reject(error)),
    )
  }
  return (ctx: { user: unknown }, produit: Produit): Promise<Variante[]> => {
    let batch = batches.get(ctx)
    if (!batch) batches.set(ctx, (batch = new Map()))
    const known = batch.get(produit.id)
    if (known) return known.variants
    const signedIn = ctx.user != null
    const variants = new Promise<Variante[]>((resolve, reject) => {
      let list = pending.get(signedIn)
      if (!list) {
        pending.set(signedIn, (list = []))
        setImmediate(() => flush(signedIn))
      }
      list.push({ produit, resolve, reject })
    })
    batch.set(produit.id, { produit, variants })
    return variants
  }
}

/** Whose favourites decide `like`: the token's client; a userId naming someone else is refused. */
const likeViewer = (ctx: { user: { id: number; isadmin: boolean } | null }, userId?: number | null) =>
  userId != null ? subjectFor(ctx.user, userId) : (ctx.user?.id ?? null)

export function catalogueGraphql(service: CatalogueService): GraphqlModule {
  const variantsOnce = variantsBatcher(service)
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
      // A product holds at most 100 variants (ADR 053 §1): a page asking them costs them all,
      // so 100 products asking their variants are refused while the product page's one passes.
      'Produit.variantes': MAX_VARIANTS_PER_PRODUCT,
    },
    scalars: { OptionsVariante: optionsVariante },
    resolvers: {
      // Every product of an answer (a page, favourites, a cart, an order's lines) in one statement.
      Produit: { variantes: (produit: Produit, _, ctx) => variantsOnce(ctx, produit) },
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
