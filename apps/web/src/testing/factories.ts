// Test data builders: catalogue entries, customers and cart lines in the API's shapes, each
// with overrides, so a test states only what matters to it. Ids restart at every test.
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { formatPrix } from '@teranga/shared/money'
import type { Caroussel, Panier, Preferences, Produit, Souscategorie, Variante } from '@teranga/shared/storefront-answers'
import type { StoredCartLine } from '@/features/cart/local-cart.ts'

let nextId = 1

export function resetFactories(): void {
  nextId = 1
}

const id = () => nextId++

type Categorie = { id: number; designation: string }

export function makeCategorie(overrides: Partial<Categorie> = {}): Categorie {
  const categorieId = overrides.id ?? id()
  return { id: categorieId, designation: `Catégorie ${categorieId}`, ...overrides }
}

export function makeSouscategorie(overrides: Partial<Souscategorie> & { categorie?: Categorie } = {}): Souscategorie & { categorie: Categorie } {
  const sousId = overrides.id ?? id()
  return {
    id: sousId,
    designation: `Sous-catégorie ${sousId}`,
    image: `/media/souscategorie-${sousId}.webp`,
    imagesrcset: null,
    categorie: overrides.categorie ?? makeCategorie(),
    ...overrides,
  }
}

/** A product; `prixformat` follows `prix` unless given. */
export function makeProduit(overrides: Partial<Produit> = {}): Produit {
  const produitId = overrides.id ?? id()
  const prix = overrides.prix ?? 1000
  const souscategorie = overrides.souscategorie ?? makeSouscategorie()
  return {
    id: produitId,
    designation: `Produit ${produitId}`,
    prix,
    prixformat: formatPrix(prix),
    prix_initial: null,
    quantite: 20,
    description: `Description du produit ${produitId}`,
    code: `REF-${produitId}`,
    unite: 'kg',
    like: 0,
    image: `/media/produit-${produitId}.webp`,
    imagesrcset: null,
    ...overrides,
    souscategorie: {
      id: souscategorie.id,
      designation: souscategorie.designation,
      categorie: souscategorie.categorie ?? makeCategorie(),
    },
  }
}

export function makeSlide(overrides: Partial<Caroussel> = {}): Caroussel {
  const slideId = overrides.id ?? id()
  return { id: slideId, image: `/media/slide-${slideId}.webp`, imagesrcset: null, titre: `Offre ${slideId}`, description: null, ...overrides }
}

export function makePreferences(overrides: Partial<Preferences> = {}): Preferences {
  return {
    id: 1,
    logo: '/media/logo.webp',
    logosrcset: null,
    logo2: null,
    email: 'contact@teranga.sn',
    lieu: 'Dakar, Plateau',
    promotion: '/media/promotion-1.webp',
    promotionsrcset: null,
    promotion2: '/media/promotion-2.webp',
    promotion2srcset: null,
    siteweb: null,
    telephone: '+221 33 800 00 00',
    telephone2: null,
    whatsapp: null,
    horaires: null,
    latitude: null,
    longitude: null,
    ...overrides,
  }
}

export function makeUser(overrides: Partial<Utilisateur> = {}): Utilisateur {
  return {
    id: overrides.id ?? id(),
    prenom: 'Awa',
    nom: 'Diop',
    email: 'awa.diop@example.sn',
    image: null,
    googleImg: null,
    telephone: '+221 77 123 45 67',
    ville: 'Dakar',
    pays: 'SEN',
    civilite: 0,
    points: 0,
    ...overrides,
  }
}

/**
 * A product with options and its variants (ADR 053 §4), each given by its values in the options'
 * order, price, stock and code; the product's summary (lowest price, summed stock, « à partir de »)
 * as the database keeps it.
 */
export function makeVariantProduct(
  overrides: Partial<Produit> & { options: Array<{ nom: string; valeurs: string[] }> },
  variants: Array<{ valeurs: string[]; prix: number; quantite: number; code: string; prix_initial?: number | null }>,
): Produit {
  const base = makeProduit(overrides)
  const variantes: Variante[] = variants.map((v) => ({
    id: id(),
    options: Object.fromEntries(overrides.options.map((o, i) => [o.nom, v.valeurs[i]!])),
    designation: [base.designation, ...v.valeurs].join(' '),
    prix: v.prix,
    prixformat: formatPrix(v.prix),
    prix_initial: v.prix_initial ?? null,
    quantite: v.quantite,
    code: v.code,
    image: base.image,
    imagesrcset: base.imagesrcset,
  }))
  const prix = Math.min(...variants.map((v) => v.prix))
  return {
    ...base,
    prix,
    prixformat: formatPrix(prix),
    quantite: variants.reduce((n, v) => n + v.quantite, 0),
    nb_variantes: variantes.length,
    a_partir_de: variantes.length > 1 && Math.max(...variants.map((v) => v.prix)) > prix,
    variantes,
  }
}

/** A line of the visitor's browser cart as stored before variants: its product only (its only variant). */
export function makeLocalLine(produit: Produit, quantite = 1): StoredCartLine {
  return { produit_id: produit.id, quantite, prix: produit.prix, produit }
}

/** A line of the visitor's browser cart, as `local-cart.ts` stores it: a variant of a product. */
export function makeLocalVariantLine(produit: Produit, variante: Variante, quantite = 1): StoredCartLine {
  return { produit_id: produit.id, variante_id: variante.id, quantite, prix: variante.prix, produit, variante }
}

/** The server's cart answer for some lines (the shape of GraphQL `paniers` and POST /api/panier). */
export function makePanier(lines: Array<{ produit: Produit; quantite: number; variante?: Variante }>, panierId = 1): Panier {
  const panierproduits = lines.map(({ produit, quantite, variante: named }, index) => {
    const variante = named ?? produit.variantes?.[0] ?? {
      id: produit.id,
      options: {},
      designation: produit.designation,
      prix: produit.prix,
      prixformat: produit.prixformat,
      prix_initial: produit.prix_initial,
      quantite: produit.quantite,
      code: produit.code,
      image: produit.image,
      imagesrcset: produit.imagesrcset,
    }
    return { id: index + 1, produit_id: produit.id, variante_id: variante.id, quantite, prix: variante.prix, produit, variante }
  })
  const total = panierproduits.reduce((sum, line) => sum + line.prix * line.quantite, 0)
  return {
    id: panierId,
    etat: 'encours',
    nombre: panierproduits.reduce((n, line) => n + line.quantite, 0),
    total,
    totalformat: formatPrix(total),
    panierproduits,
  }
}
