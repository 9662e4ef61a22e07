// The database schema: every entity of spec §3 with the spec's field names, plus DESIGN §3's
// additions (stock, views, zones, addresses, tokens, idempotency, payments, loyalty ledger).
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  primaryKey,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { DepotHours } from '@teranga/shared/backoffice-settings'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isadmin: boolean('isadmin').notNull().default(false),
  isclient: boolean('isclient').notNull().default(true),
})

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    firebaseUid: text('firebase_uid').notNull(),
    email: text('email'),
    login: text('login'),
    name: text('name'),
    prenom: text('prenom'),
    civilite: smallint('civilite'),
    telephone: text('telephone'),
    /** The number Firebase proved by SMS (E.164): set by a phone sign-in or the account page, never typed. */
    telephoneVerifie: text('telephone_verifie'),
    ville: text('ville'),
    pays: text('pays'),
    adresseliv: text('adresseliv'),
    image: text('image'),
    googleImg: text('google_img'),
    /**
     * What the shop last saw of the Firebase account (migration 0027, ADR 042): whether `email`
     * was verified, the account's sign-in methods (the ID token's `firebase.identities` keys),
     * and the sign-in time of the token that brought the last change. NULL: not seen yet.
     */
    emailVerified: boolean('email_verified'),
    signInMethods: text('sign_in_methods').array(),
    identitySince: timestamp('identity_since', { withTimezone: true }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_firebase_uid_key').on(t.firebaseUid),
    index('clients_email_idx').on(t.email),
    // The back office's order search (migration 0009): phone digits, names and emails anywhere.
    index('clients_telephone_digits_trgm_idx').using('gin', sql`regexp_replace(coalesce(${t.telephone}, ''), '[^0-9]', '', 'g') gin_trgm_ops`),
    index('clients_nom_trgm_idx').using('gin', sql`(coalesce(${t.prenom}, '') || ' ' || coalesce(${t.name}, '')) gin_trgm_ops`),
    index('clients_email_trgm_idx').using('gin', sql`coalesce(${t.email}, '') gin_trgm_ops`),
  ],
)

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index('api_tokens_client_idx').on(t.clientId)],
)

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  designation: text('designation').notNull(),
  image: text('image'),
  position: integer('position').notNull().default(0),
})

export const souscategories = pgTable(
  'souscategories',
  {
    id: serial('id').primaryKey(),
    categorieId: integer('categorie_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    designation: text('designation').notNull(),
    image: text('image'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('souscategories_categorie_idx').on(t.categorieId, t.position)],
)

export const produits = pgTable(
  'produits',
  {
    id: serial('id').primaryKey(),
    designation: text('designation').notNull(),
    description: text('description'),
    code: text('code').notNull(),
    prix: integer('prix').notNull(),
    quantite: integer('quantite').notNull().default(0),
    unite: text('unite').notNull().default('pièce'),
    image: text('image'),
    souscategorieId: integer('souscategorie_id')
      .notNull()
      .references(() => souscategories.id, { onDelete: 'restrict' }),
    vues: integer('vues').notNull().default(0),
    /** The designation lower-cased and unaccented, kept by the database for search. */
    recherche: text('recherche').generatedAlwaysAs(sql`teranga_normalize(designation)`),
    actif: boolean('actif').notNull().default(true),
    /** Below or at this stock the back office flags the product (`stock=bas`). */
    seuil: integer('seuil').notNull().default(5),
    /** The sale price, while `promo_debut` ≤ now < `promo_fin` (either open); the catalogue's `prix` then (product-projection.ts). */
    prixPromo: integer('prix_promo'),
    promoDebut: timestamp('promo_debut', { withTimezone: true }),
    promoFin: timestamp('promo_fin', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Up to three options (`[{nom, valeurs}]`, in display order), the product's own (ADR 053). */
    options: jsonb('options').$type<Array<{ nom: string; valeurs: string[] }>>().notNull().default([]),
    // The summary of its live variants, written by the database only (migration 0033,
    // `produits_resumer`), as are `quantite`, `prix`, the sale and, for one variant, `code`.
    nbVariantes: integer('nb_variantes').notNull().default(1),
    prixMax: integer('prix_max'),
    /** For each live variant, the name, its values and its code, lower-cased and unaccented, for search. */
    rechercheVariantes: text('recherche_variantes'),
  },
  (t) => [
    uniqueIndex('produits_code_key').on(t.code),
    index('produits_souscategorie_idx').on(t.souscategorieId, t.id),
    index('produits_vues_idx').on(t.vues.desc(), t.id),
    // The grids' sorts (issue 19 §2, migration 0024): by price, on sale by sale price, newest first.
    index('produits_prix_idx').on(t.prix, t.id).where(sql`${t.actif}`),
    index('produits_prix_promo_idx').on(t.prixPromo, t.id).where(sql`${t.actif} and ${t.prixPromo} is not null`),
    index('produits_nouveautes_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.actif}`),
    index('produits_souscategorie_prix_idx').on(t.souscategorieId, t.prix, t.id).where(sql`${t.actif}`),
    index('produits_souscategorie_nouveautes_idx').on(t.souscategorieId, t.createdAt.desc(), t.id.desc()).where(sql`${t.actif}`),
    check('produits_prix_positive', sql`${t.prix} > 0`),
    check('produits_quantite_nonnegative', sql`${t.quantite} >= 0`),
    check('produits_seuil_nonnegative', sql`${t.seuil} >= 0`),
    check('produits_prix_promo_positive', sql`${t.prixPromo} is null or ${t.prixPromo} > 0`),
    check('produits_options_liste', sql`jsonb_typeof(${t.options}) = 'array' and jsonb_array_length(${t.options}) <= 3`),
    index('produits_recherche_variantes_trgm_idx').using('gin', sql`${t.rechercheVariantes} gin_trgm_ops`),
  ],
)

/**
 * One sold combination of a product's options (ADR 053): its own price, sale, stock, code and
 * threshold. Every product has at least one; one without options has exactly one live variant.
 * `quantite` is the stock ledger's alone; the database sums the live variants into the product.
 */
export const variantes = pgTable(
  'variantes',
  {
    id: serial('id').primaryKey(),
    produitId: integer('produit_id')
      .notNull()
      .references(() => produits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** The values of the product's `options[0..2]`, null beyond its options. */
    valeur1: text('valeur1'),
    valeur2: text('valeur2'),
    valeur3: text('valeur3'),
    code: text('code').notNull(),
    codeBarres: text('code_barres'),
    prix: integer('prix').notNull(),
    prixPromo: integer('prix_promo'),
    promoDebut: timestamp('promo_debut', { withTimezone: true }),
    promoFin: timestamp('promo_fin', { withTimezone: true }),
    quantite: integer('quantite').notNull().default(0),
    seuil: integer('seuil').notNull().default(5),
    /** A media key; null: the product's image. */
    image: text('image'),
    /** False: withdrawn (it has orders, so it is kept). */
    actif: boolean('actif').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('variantes_code_key').on(t.code),
    uniqueIndex('variantes_code_barres_key').on(t.codeBarres).where(sql`${t.codeBarres} is not null`),
    // NULLS NOT DISTINCT in the migration (Drizzle's index builder cannot say it): one live variant per combination.
    uniqueIndex('variantes_combinaison_key').on(t.produitId, t.valeur1, t.valeur2, t.valeur3).where(sql`${t.actif}`),
    index('variantes_produit_idx').on(t.produitId, t.position, t.id),
    check('variantes_prix_positive', sql`${t.prix} > 0`),
    check('variantes_prix_promo_positive', sql`${t.prixPromo} is null or ${t.prixPromo} > 0`),
    check('variantes_quantite_nonnegative', sql`${t.quantite} >= 0`),
    check('variantes_seuil_nonnegative', sql`${t.seuil} >= 0`),
    check('variantes_valeurs_ordre', sql`(${t.valeur2} is null or ${t.valeur1} is not null) and (${t.valeur3} is null or ${t.valeur2} is not null)`),
  ],
)

/**
 * Discount codes (issue 19 §1, migration 0021): a percentage or an amount off the goods (the
 * matching sub-categories' lines only when `souscategories` is set). `utilisations` is raised in
 * the order's transaction, only below `utilisations_max`, and given back when the order is cancelled.
 */
export const codesPromo = pgTable(
  'codes_promo',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    valeur: integer('valeur').notNull(),
    minimum: integer('minimum').notNull().default(0),
    debut: timestamp('debut', { withTimezone: true }),
    fin: timestamp('fin', { withTimezone: true }),
    utilisationsMax: integer('utilisations_max'),
    parClient: integer('par_client'),
    premiereCommande: boolean('premiere_commande').notNull().default(false),
    souscategories: integer('souscategories').array(),
    utilisations: integer('utilisations').notNull().default(0),
    actif: boolean('actif').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('codes_promo_code_key').on(sql`upper(${t.code})`),
    check('codes_promo_type', sql`${t.type} in ('pourcentage', 'montant')`),
    check('codes_promo_valeur', sql`${t.valeur} > 0 and (${t.type} <> 'pourcentage' or ${t.valeur} <= 100)`),
    check('codes_promo_utilisations', sql`${t.utilisations} >= 0`),
  ],
)

/**
 * Who viewed which product in which hour: a view counts toward `produits.vues` once per
 * visitor (a client id, or a keyed hash of the address) and product per hour. Rows of past
 * hours are only there to be purged.
 */
export const vuesProduits = pgTable(
  'vues_produits',
  {
    produitId: integer('produit_id')
      .notNull()
      .references(() => produits.id, { onDelete: 'cascade' }),
    visiteur: text('visiteur').notNull(),
    heure: timestamp('heure', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'vues_produits_pkey', columns: [t.produitId, t.visiteur, t.heure] }), index('vues_produits_heure_idx').on(t.heure)],
)

/**
 * Units each product sold over the last 30 days, from the lines of orders neither cancelled nor
 * unpaid: the best sellers' grid (issue 19 §2, ADR 035). Kept by the catalogue, rebuilt every
 * few minutes from the order lines; a product that sold nothing has no row.
 */
export const ventesRecentes = pgTable(
  'ventes_recentes',
  {
    produitId: integer('produit_id')
      .primaryKey()
      .references(() => produits.id, { onDelete: 'cascade' }),
    quantite: integer('quantite').notNull(),
  },
  (t) => [index('ventes_recentes_quantite_idx').on(t.quantite.desc(), t.produitId), check('ventes_recentes_quantite_positive', sql`${t.quantite} > 0`)],
)

/**
 * How many visible products each (sub-category, in stock, regular price) holds: the grids'
 * totals (ADR 039). Written only by the database's triggers on `produits` (migration 0025),
 * as signed rows that the catalogue folds into one per key every few minutes; a total is the
 * sum of the rows that match, whichever of them a reader sees.
 */
export const produitsComptes = pgTable(
  'produits_comptes',
  {
    souscategorieId: integer('souscategorie_id').notNull(),
    enStock: boolean('en_stock').notNull(),
    prix: integer('prix').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('produits_comptes_cle_idx').on(t.souscategorieId, t.enStock, t.prix)],
)

export const favoris = pgTable(
  'favoris',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    produitId: integer('produit_id')
      .notNull()
      .references(() => produits.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favoris_client_produit_key').on(t.clientId, t.produitId), index('favoris_produit_idx').on(t.produitId)],
)

export const paniers = pgTable(
  'paniers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    etat: text('etat').notNull().default('actif'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('paniers_client_key').on(t.clientId)],
)

export const panierProduits = pgTable(
  'panier_produits',
  {
    id: serial('id').primaryKey(),
    panierId: integer('panier_id')
      .notNull()
      .references(() => paniers.id, { onDelete: 'cascade' }),
    produitId: integer('produit_id')
      .notNull()
      .references(() => produits.id, { onDelete: 'cascade' }),
    quantite: integer('quantite').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('panier_produits_panier_produit_key').on(t.panierId, t.produitId),
    check('panier_produits_quantite_positive', sql`${t.quantite} >= 1`),
  ],
)

/** The cart's lines by variant (ADR 053), mirrored with `panier_produits` while the previous release serves (migration 0033). */
export const panierLignes = pgTable(
  'panier_lignes',
  {
    id: serial('id').primaryKey(),
    panierId: integer('panier_id')
      .notNull()
      .references(() => paniers.id, { onDelete: 'cascade' }),
    produitId: integer('produit_id')
      .notNull()
      .references(() => produits.id, { onDelete: 'cascade' }),
    varianteId: integer('variante_id')
      .notNull()
      .references(() => variantes.id, { onDelete: 'cascade' }),
    quantite: integer('quantite').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('panier_lignes_cle').on(t.panierId, t.varianteId),
    index('panier_lignes_panier_idx').on(t.panierId),
    check('panier_lignes_quantite_positive', sql`${t.quantite} >= 1`),
  ],
)

export const zonesLivraison = pgTable(
  'zones_livraison',
  {
    id: serial('id').primaryKey(),
    designation: text('designation').notNull(),
    frais: integer('frais').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('zones_livraison_designation_key').on(t.designation), check('zones_frais_nonnegative', sql`${t.frais} >= 0`)],
)

export const adresses = pgTable(
  'adresses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    libelle: text('libelle'),
    adresse: text('adresse').notNull(),
    zoneId: integer('zone_id').references(() => zonesLivraison.id, { onDelete: 'set null' }),
    telephone: text('telephone'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The landmark for the courier (« point de repère », issue 25 §3, migration 0039). */
    repere: text('repere'),
    parDefaut: boolean('par_defaut').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('adresses_client_idx').on(t.clientId),
    check('adresses_repere_length', sql`${t.repere} is null or length(${t.repere}) between 1 and 150`),
  ],
)

export const modelivraisons = pgTable('modelivraisons', {
  id: serial('id').primaryKey(),
  designation: text('designation').notNull(),
  code: text('code').notNull().unique(),
})

export const modepaiements = pgTable('modepaiements', {
  id: serial('id').primaryKey(),
  designation: text('designation').notNull(),
  code: text('code').notNull().unique(),
  image: text('image'),
  desc: text('description'),
  actif: boolean('actif').notNull().default(true),
  position: integer('position').notNull().default(0),
})

export const depots = pgTable('depots', {
  id: serial('id').primaryKey(),
  designation: text('designation').notNull(),
  description: text('description'),
  adresse: text('adresse'),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** Opening hours per weekday (packages/shared's depotHoursSchema); null until given. */
  horaires: jsonb('horaires').$type<DepotHours>(),
  /** The order of the checkout's list (PUT /api/depot/ordre), then id. */
  position: integer('position').notNull().default(0),
  /** Whether the opening hours are offered as pickup windows (migration 0040, ADR 058); named as the API names it. */
  retrait_creneaux: boolean('retrait_creneaux').notNull().default(false),
  /** Orders per pickup window; null: no limit. */
  retrait_capacite: integer('retrait_capacite'),
}, (t) => [check('depots_retrait_capacite', sql`${t.retrait_capacite} is null or ${t.retrait_capacite} between 1 and 10000`)])

/**
 * Delivery slots (issue 25 §1, migration 0034): per weekday (0 dimanche … 6 samedi), a time range
 * with a capacity in orders, the zones it serves (null: all) and a cut-off in minutes before its
 * start. With a depot, a pickup slot at that depot; without, a home delivery slot.
 */
export const creneaux = pgTable(
  'creneaux',
  {
    id: serial('id').primaryKey(),
    jour: smallint('jour').notNull(),
    debut: time('debut').notNull(),
    fin: time('fin').notNull(),
    capacite: integer('capacite').notNull(),
    zones: integer('zones').array(),
    delaiMinutes: integer('delai_minutes').notNull().default(60),
    depotId: integer('depot_id').references(() => depots.id, { onDelete: 'cascade' }),
    actif: boolean('actif').notNull().default(true),
    /** Written from the depot's opening hours (migration 0040, ADR 058): one per depot and weekday, not edited by hand. */
    horaires: boolean('horaires').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('creneaux_jour_idx').on(t.jour, t.debut),
    uniqueIndex('creneaux_horaires_key').on(t.depotId, t.jour).where(sql`${t.horaires}`),
    check('creneaux_jour', sql`${t.jour} between 0 and 6`),
    check('creneaux_ordre', sql`${t.debut} < ${t.fin}`),
    check('creneaux_capacite_positive', sql`${t.capacite} > 0 and ${t.capacite} <= 10000`),
    check('creneaux_delai', sql`${t.delaiMinutes} between 0 and 10080`),
  ],
)

/** Days off (issue 25 §1): every slot of that date is closed. */
export const fermetures = pgTable(
  'fermetures',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    motif: text('motif').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fermetures_date_key').on(t.date), check('fermetures_motif_length', sql`length(${t.motif}) between 1 and 200`)],
)

export const preferences = pgTable('preferences', {
  id: serial('id').primaryKey(),
  logo: text('logo'),
  logo2: text('logo2'),
  email: text('email'),
  lieu: text('lieu'),
  promotion: text('promotion'),
  promotion2: text('promotion2'),
  siteweb: text('siteweb'),
  telephone: text('telephone'),
  telephone2: text('telephone2'),
  /** The staff's numbers (E.164) told by SMS of each new order (ADR 034). */
  telephonesAlertes: text('telephones_alertes').array().notNull().default(sql`'{}'`),
  /** The countries (calling codes, « 33 ») other than Senegal whose numbers get order messages (ADR 034, migration 0028). */
  indicatifsMessages: text('indicatifs_messages').array().notNull().default(sql`'{}'`),
  /** The contact page's (issue 19 §2): the shop's WhatsApp number, opening hours, place on the map. */
  whatsapp: text('whatsapp'),
  horaires: text('horaires'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
})

export const caroussels = pgTable('caroussels', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  titre: text('titre'),
  description: text('description'),
  position: integer('position').notNull().default(0),
})

export const privileges = pgTable('privileges', {
  id: serial('id').primaryKey(),
  designation: text('designation').notNull(),
  couleur: text('couleur'),
  point: integer('point').notNull().unique(),
  image: text('image'),
})

export const typerecompenses = pgTable('typerecompenses', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  designation: text('designation').notNull(),
})

export const privilegeRecompenses = pgTable(
  'privilege_recompenses',
  {
    id: serial('id').primaryKey(),
    privilegeId: integer('privilege_id')
      .notNull()
      .references(() => privileges.id, { onDelete: 'cascade' }),
    typerecompenseId: integer('typerecompense_id')
      .notNull()
      .references(() => typerecompenses.id),
    valeur: integer('valeur').notNull().default(0),
  },
  (t) => [index('privilege_recompenses_privilege_idx').on(t.privilegeId)],
)

export const commandes = pgTable(
  'commandes',
  {
    id: serial('id').primaryKey(),
    numerocommande: text('numerocommande').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    etat: text('etat').notNull(),
    datecomm: timestamp('datecomm', { withTimezone: true }).notNull().defaultNow(),
    dateliv: timestamp('dateliv', { withTimezone: true }),
    montantcommande: integer('montantcommande').notNull(),
    montantliv: integer('montantliv').notNull().default(0),
    remise: integer('remise').notNull().default(0),
    code: text('code'),
    tel: text('tel'),
    adresseliv: text('adresseliv'),
    zone: text('zone'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    modepaiementId: integer('modepaiement_id')
      .notNull()
      .references(() => modepaiements.id),
    modelivraisonId: integer('modelivraison_id')
      .notNull()
      .references(() => modelivraisons.id),
    depotId: integer('depot_id').references(() => depots.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The discount code the order used, and its part of `remise` (migration 0021). */
    codepromoId: integer('codepromo_id').references((): AnyPgColumn => codesPromo.id),
    remiseCode: integer('remise_code').notNull().default(0),
    /** The loyalty tier's free delivery's part of `remise` (migration 0026; null on older orders). */
    remiseLivraison: integer('remise_livraison'),
    /**
     * What the customer pays, `orderTotal` of packages/shared, kept by the database from the
     * three amounts (migration 0032, ADR 050): every SQL total reads it, none spells the sum.
     */
    montantTotal: integer('montant_total').notNull().generatedAlwaysAs(sql`montantcommande + montantliv - remise`),
    /**
     * The order's slot (issue 25 §1, migration 0034): which one, on which date, and its times as
     * they were when chosen. Null: no slot (none offered, or an older order).
     */
    creneauId: integer('creneau_id').references((): AnyPgColumn => creneaux.id, { onDelete: 'set null' }),
    creneauDate: date('creneau_date', { mode: 'string' }),
    creneauDebut: time('creneau_debut'),
    creneauFin: time('creneau_fin'),
    /** What the courier entered as collected on delivering a cash order (issue 25 §3), and when. */
    montantEncaisse: integer('montant_encaisse'),
    encaisseLe: timestamp('encaisse_le', { withTimezone: true }),
    /** The shopper's note for the preparer (issue 25 §2, migration 0036). */
    notePreparation: text('note_preparation'),
    /** The landmark for the courier, copied from the checkout for a home delivery (issue 25 §3, migration 0039). */
    repere: text('repere'),
    /** When the order was prepared (once). */
    prepareLe: timestamp('prepare_le', { withTimezone: true }),
    /** What dearer substitutes would add if the shopper accepts (null: none offered), and when they did. */
    supplement: integer('supplement'),
    supplementAccepteLe: timestamp('supplement_accepte_le', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commandes_numero_key').on(t.numerocommande),
    index('commandes_client_idx').on(t.clientId, t.id.desc()),
    // The expiry sweep's scan: unpaid online orders, waiting or after a failed payment.
    index('commandes_expiry_idx').on(t.expiresAt).where(sql`${t.etat} in ('en_attente_paiement', 'echec_paiement')`),
    // The back office's order list (migration 0009).
    index('commandes_datecomm_idx').on(t.datecomm.desc(), t.id.desc()),
    index('commandes_etat_datecomm_idx').on(t.etat, t.datecomm.desc(), t.id.desc()),
    // Any part of the number, whatever its case (migration 0014).
    index('commandes_numero_trgm_idx').using('gin', sql`${t.numerocommande} gin_trgm_ops`),
    index('commandes_codepromo_idx').on(t.codepromoId, t.clientId).where(sql`${t.codepromoId} is not null`),
    // A first-order code: the orders of a phone number, by its last nine digits (migration 0027).
    index('commandes_tel_key_idx').on(sql`right(regexp_replace(coalesce(${t.tel}, ''), '[^0-9]', '', 'g'), 9)`).where(sql`${t.etat} <> 'annulee'`),
    // The previous release's sort by amount, on the sum itself: dropped by the next release (ADR 030, 050).
    index('commandes_total_idx').on(sql`(${t.montantcommande} + ${t.montantliv} - ${t.remise})`, t.id),
    index('commandes_montant_total_idx').on(t.montantTotal, t.id),
    index('commandes_creneau_idx').on(t.creneauDate, t.creneauDebut).where(sql`${t.creneauDate} is not null`),
    index('commandes_encaisse_le_idx').on(t.encaisseLe).where(sql`${t.encaisseLe} is not null`),
    check('commandes_note_preparation_length', sql`${t.notePreparation} is null or length(${t.notePreparation}) between 1 and 500`),
    check('commandes_repere_length', sql`${t.repere} is null or length(${t.repere}) between 1 and 150`),
    check('commandes_supplement_positive', sql`${t.supplement} is null or ${t.supplement} > 0`),
    check('commandes_montant_encaisse_nonnegative', sql`${t.montantEncaisse} is null or ${t.montantEncaisse} between 0 and 100000000`),
    index('commandes_modepaiement_datecomm_idx').on(t.modepaiementId, t.datecomm.desc(), t.id.desc()),
    index('commandes_zone_idx').on(sql`lower(${t.zone})`, t.datecomm.desc()),
    index('commandes_tel_digits_trgm_idx').using('gin', sql`regexp_replace(coalesce(${t.tel}, ''), '[^0-9]', '', 'g') gin_trgm_ops`),
    check('commandes_amounts_nonnegative', sql`${t.montantcommande} >= 0 and ${t.montantliv} >= 0 and ${t.remise} >= 0`),
  ],
)

export const detailCommandes = pgTable(
  'detail_commandes',
  {
    id: serial('id').primaryKey(),
    commandeId: integer('commande_id')
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    produitId: integer('produit_id')
      .notNull()
      .references(() => produits.id),
    /** The variant sold; null only on a line of the previous release for a product with several (not null in R+1). */
    varianteId: integer('variante_id').references(() => variantes.id, { onDelete: 'restrict' }),
    /** What is delivered and charged: what was ordered, or once prepared what was (0: none, migration 0036). */
    quantite: integer('quantite').notNull(),
    prix: integer('prix').notNull(),
    /** The shopper's choice if the product is missing: a similar one, or nothing (issue 25 §2). */
    remplacer: boolean('remplacer').notNull().default(true),
    /** What was ordered, once the line is prepared; null before. */
    quantiteCommandee: integer('quantite_commandee'),
    /** A substitute's line: the line it replaces. */
    remplaceLigneId: integer('remplace_ligne_id').references((): AnyPgColumn => detailCommandes.id, { onDelete: 'cascade' }),
    /** A dearer substitute: the part of its total not charged until the shopper accepts. */
    supplement: integer('supplement').notNull().default(0),
  },
  (t) => [
    index('detail_commandes_commande_idx').on(t.commandeId),
    check('detail_quantite_nonnegative', sql`${t.quantite} >= 0`),
    check('detail_quantite_commandee_positive', sql`${t.quantiteCommandee} IS NULL OR ${t.quantiteCommandee} >= 1`),
    check('detail_supplement_nonnegative', sql`${t.supplement} >= 0`),
  ],
)

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_client_key').on(t.clientId, t.key)],
)

export const paiements = pgTable(
  'paiements',
  {
    id: serial('id').primaryKey(),
    commandeId: integer('commande_id')
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    montant: integer('montant').notNull(),
    statut: text('statut').notNull().default('en_cours'),
    checkoutUrl: text('checkout_url'),
    /** The provider's own id for the payment when it is not `providerRef` (PayTech's token): what its status API is asked with. */
    providerToken: text('provider_token'),
    /** The payment mode the attempt was opened for (migration 0026; null on older attempts). */
    modepaiementId: integer('modepaiement_id').references(() => modepaiements.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('paiements_commande_idx').on(t.commandeId),
    uniqueIndex('paiements_provider_ref_key').on(t.provider, t.providerRef),
    index('paiements_a_rembourser_idx').on(t.commandeId).where(sql`${t.statut} = 'a_rembourser'`),
  ],
)

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** The order the event was about: account deletion scrubs the payer's details from these payloads. */
    commandeId: integer('commande_id').references(() => commandes.id, { onDelete: 'set null' }),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId), index('payment_events_commande_idx').on(t.commandeId)],
)

/**
 * The payment sandbox's keys (DESIGN §6, ADR 066): one pair per provider without real keys, drawn
 * by the first instance that starts and shared by every other, so that any instance's sandbox
 * accepts the shop's calls and any instance's webhook its notifications (migration 0050).
 */
export const paymentSandboxKeys = pgTable(
  'payment_sandbox_keys',
  {
    provider: text('provider').primaryKey(),
    apiKey: text('api_key').notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payment_sandbox_keys_provider', sql`${t.provider} in ('wave', 'paytech')`)],
)

/** The payment sandbox's checkout sessions, on every instance alike (ADR 066): open ones are bounded and swept. */
export const paymentSandboxSessions = pgTable(
  'payment_sandbox_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the page names the order by. */
    commande: text('commande').notNull(),
    reference: text('reference').notNull(),
    successUrl: text('success_url').notNull(),
    errorUrl: text('error_url').notNull(),
    status: text('status').notNull().default('open'),
    /** PayTech's fields sent back in its notification. */
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    /** FCFA given back so far. */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** Each refund's idempotency key → its id: a retried refund is not paid twice. */
    refunds: jsonb('refunds').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_sandbox_sessions_reference_idx').on(t.provider, t.reference),
    index('payment_sandbox_sessions_status_idx').on(t.status, t.createdAt),
    check('payment_sandbox_sessions_provider', sql`${t.provider} in ('wave', 'paytech')`),
    check('payment_sandbox_sessions_status', sql`${t.status} in ('open', 'approved', 'declined')`),
  ],
)

/** A transaction id (PostgreSQL's xid8, 64 bits: never wraps), read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' })

/** Every change of an order's state (DESIGN §5): when, from what to what, who and why. Written by the order lifecycle only. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    commandeId: integer('commande_id')
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the order's first state, recorded when it is placed. */
    fromEtat: text('from_etat'),
    toEtat: text('to_etat').notNull(),
    actorKind: text('actor_kind').notNull(),
    /** The client's or staff member's id, the provider's name; null for the system. */
    actorId: text('actor_id'),
    reason: text('reason'),
    /**
     * The transaction that wrote the line (its default, migration 0054; null before it): the
     * catch-up reads again the lines of transactions still open before a loss (ADR 073).
     */
    xact: xid8('xact').default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('order_history_commande_idx').on(t.commandeId, t.id),
    index('order_history_xact_idx').on(t.xact),
    index('order_history_livree_at_idx').on(t.at).where(sql`${t.toEtat} = 'livree'`),
    // The sales report's sales of a period: paid or delivered (migration 0041, ADR 059).
    index('order_history_sold_at_idx').on(t.at, t.commandeId).where(sql`${t.toEtat} in ('payee', 'livree')`),
    check('order_history_actor_kind', sql`${t.actorKind} in ('client', 'staff', 'provider', 'system')`),
  ],
)

export const pointsFidelite = pgTable(
  'points_fidelite',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    commandeId: integer('commande_id').references(() => commandes.id, { onDelete: 'set null' }),
    points: integer('points').notNull(),
    motif: text('motif').notNull(),
    /** The refund this row takes points back for; null for every other movement. */
    remboursementId: integer('remboursement_id').references((): AnyPgColumn => remboursements.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_client_idx').on(t.clientId),
    uniqueIndex('points_commande_motif_key').on(t.commandeId, t.motif).where(sql`${t.remboursementId} is null`),
    // One take-back per refund (migration 0017): a refund confirmed twice takes nothing more.
    uniqueIndex('points_remboursement_key').on(t.remboursementId),
  ],
)

/** Every back-office write (issue 10): who, when, what, and the record before and after. Written through the audit module only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's client id; null once the account is gone. */
    staffId: integer('staff_id').references(() => clients.id, { onDelete: 'set null' }),
    /** What was done, e.g. `produit.modifier`, `commande.etat`. */
    action: text('action').notNull(),
    /** The kind of record, e.g. `produit`, and its id. */
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_resource_idx').on(t.resource, t.resourceId)],
)

/**
 * A product's stock history (migrations 0008, 0013): every change of its stock is one line, a
 * sale, a cancellation or refund giving it back, a back-office movement (a delivery, a loss), an
 * import, the stock a product was created with; who made it (`staffId`) or which order (`commandeId`).
 */
export const mouvementsStock = pgTable(
  'mouvements_stock',
  {
    id: serial('id').primaryKey(),
    produitId: integer('produit_id')
      .notNull()
      .references(() => produits.id, { onDelete: 'cascade' }),
    /** The variant whose stock moved (not null in R+1). */
    varianteId: integer('variante_id').references(() => variantes.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** The variant's stock once the movement was applied. */
    quantiteApres: integer('quantite_apres').notNull(),
    /** One of STOCK_REASONS (packages/shared). */
    raison: text('raison').notNull(),
    /** The staff member's own words; none for an order's lines. */
    motif: text('motif'),
    staffId: integer('staff_id').references(() => clients.id, { onDelete: 'set null' }),
    commandeId: integer('commande_id').references(() => commandes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mouvements_stock_produit_idx').on(t.produitId, t.createdAt),
    index('mouvements_stock_commande_idx').on(t.commandeId),
    check('mouvements_stock_delta_nonzero', sql`${t.delta} <> 0`),
    check('mouvements_stock_quantite_nonnegative', sql`${t.quantiteApres} >= 0`),
    check('mouvements_stock_raison', sql`${t.raison} in ('vente', 'annulation', 'remboursement', 'manuel', 'import', 'creation')`),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/** Uploaded images (issue 10, ADR 018): one WebP rendering per key and width, served under /media/. */
export const medias = pgTable(
  'medias',
  {
    key: text('key').notNull(),
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
    staffId: integer('staff_id').references(() => clients.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ name: 'medias_pkey', columns: [t.key, t.width] }), index('medias_created_at_idx').on(t.createdAt)],
)

/**
 * Money given back for an order (issue 16, ADR 025): several per order up to what was paid,
 * online through its provider or cash by hand, with the reason and who did it. A row is
 * `en_cours` while its provider is asked (it already counts against what remains), then
 * `effectue` or `echoue`; the idempotency key is the one the provider was sent.
 */
export const remboursements = pgTable(
  'remboursements',
  {
    id: serial('id').primaryKey(),
    commandeId: integer('commande_id')
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    montant: integer('montant').notNull(),
    /** wave, paytech or cash. */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    motif: text('motif').notNull(),
    staffId: integer('staff_id').references(() => clients.id, { onDelete: 'set null' }),
    statut: text('statut').notNull().default('effectue'),
    idempotencyKey: text('idempotency_key'),
    /** A preparation's refund (ADR 055): already in the order's lowered amounts, so no sales figure takes it off again (migration 0047). */
    preparation: boolean('preparation').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('remboursements_commande_idx').on(t.commandeId),
    uniqueIndex('remboursements_idempotency_key').on(t.idempotencyKey),
    check('remboursements_montant_nonnegative', sql`${t.montant} >= 0`),
    check('remboursements_provider', sql`${t.provider} in ('wave', 'paytech', 'cash')`),
    check('remboursements_statut', sql`${t.statut} in ('en_cours', 'effectue', 'echoue')`),
  ],
)

/** The lines a refund names (ADR 025): a product, how many of it, at the order's price, and whether they went back to stock. */
export const remboursementLignes = pgTable(
  'remboursement_lignes',
  {
    id: serial('id').primaryKey(),
    remboursementId: integer('remboursement_id')
      .notNull()
      .references(() => remboursements.id, { onDelete: 'cascade' }),
    produitId: integer('produit_id')
      .notNull()
      .references(() => produits.id, { onDelete: 'cascade' }),
    /** The variant given back (not null in R+1). */
    varianteId: integer('variante_id').references(() => variantes.id, { onDelete: 'cascade' }),
    quantite: integer('quantite').notNull(),
    prix: integer('prix').notNull(),
    /** What the line gave back, its share of the discounts taken off (migration 0026; null on older rows). */
    montant: integer('montant'),
    restock: boolean('restock').notNull(),
  },
  (t) => [index('remboursement_lignes_remboursement_idx').on(t.remboursementId), check('remboursement_lignes_quantite_positive', sql`${t.quantite} > 0`)],
)

/**
 * Staff invitations (issue 16): an admin invites an email with a role; the role is given when
 * that person first signs in with that email, verified, before `expires_at`. One pending
 * invitation per email; an accepted one stays as the record of who let whom in.
 */
export const invitationsStaff = pgTable(
  'invitations_staff',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased; null for an invitation by phone (migration 0037). */
    email: text('email'),
    /** E.164, for an invitation by phone (issue 25 §3): accepted by a sign-in that proved this number. */
    telephone: text('telephone'),
    role: text('role').notNull(),
    /** The courier of the list a `livreur` invitation names. */
    livreurId: integer('livreur_id').references((): AnyPgColumn => livreurs.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => clients.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invitations_staff_pending_email_key').on(t.email).where(sql`${t.acceptedAt} is null`),
    uniqueIndex('invitations_staff_pending_telephone_key').on(t.telephone).where(sql`${t.acceptedAt} is null and ${t.telephone} is not null`),
    check('invitations_staff_role', sql`${t.role} in ('admin', 'gestionnaire', 'livreur')`),
    check('invitations_staff_contact', sql`(${t.email} is null) <> (${t.telephone} is null) and (${t.telephone} is null or ${t.telephone} ~ '^\+[1-9][0-9]{6,14}$')`),
    check('invitations_staff_livreur_role', sql`(${t.role} = 'livreur') = (${t.livreurId} is not null)`),
    check('invitations_staff_email_lower', sql`${t.email} = lower(${t.email}) and length(${t.email}) <= 254`),
  ],
)

/** The shop's couriers (issue 16): kept in the settings, assigned to home deliveries. */
export const livreurs = pgTable(
  'livreurs',
  {
    id: serial('id').primaryKey(),
    nom: text('nom').notNull(),
    telephone: text('telephone').notNull(),
    actif: boolean('actif').notNull().default(true),
    /** The account that signs in as this courier (issue 25 §3, migration 0037), set when their invitation is accepted. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('livreurs_nom_length', sql`length(${t.nom}) between 1 and 100`), uniqueIndex('livreurs_client_key').on(t.clientId).where(sql`${t.clientId} is not null`)],
)

/** An order's courier now: what the orders list filters on and the slips of a round print. */
export const commandesLivreur = pgTable(
  'commandes_livreur',
  {
    commandeId: integer('commande_id')
      .primaryKey()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    livreurId: integer('livreur_id')
      .notNull()
      .references(() => livreurs.id, { onDelete: 'restrict' }),
  },
  (t) => [index('commandes_livreur_livreur_idx').on(t.livreurId)],
)

/** Every hand-over of an order to a courier (null: taken back), for its history. */
export const affectationsLivreur = pgTable(
  'affectations_livreur',
  {
    id: serial('id').primaryKey(),
    commandeId: integer('commande_id')
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    livreurId: integer('livreur_id').references(() => livreurs.id, { onDelete: 'restrict' }),
    staffId: integer('staff_id').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('affectations_livreur_commande_idx').on(t.commandeId, t.id), index('affectations_livreur_livreur_idx').on(t.livreurId)],
)

/** Staff's internal notes on an order (issue 16), never shown to the customer. */
export const notesCommande = pgTable(
  'notes_commande',
  {
    id: serial('id').primaryKey(),
    commandeId: integer('commande_id')
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => clients.id, { onDelete: 'set null' }),
    texte: text('texte').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notes_commande_commande_idx').on(t.commandeId, t.id), check('notes_commande_texte_length', sql`length(${t.texte}) between 1 and 1000`)],
)

/**
 * The cash each courier handed back to the shop (issue 25 §4, migration 0038, ADR 057): one line
 * per hand-back on its business day, never edited; a mistake is corrected by another line.
 */
export const remisesCaisse = pgTable(
  'remises_caisse',
  {
    id: serial('id').primaryKey(),
    livreurId: integer('livreur_id')
      .notNull()
      .references(() => livreurs.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    montant: integer('montant').notNull(),
    note: text('note'),
    staffId: integer('staff_id').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('remises_caisse_date_idx').on(t.date, t.livreurId),
    check('remises_caisse_montant', sql`${t.montant} <> 0 and ${t.montant} between -100000000 and 100000000`),
    check('remises_caisse_note_length', sql`${t.note} is null or length(${t.note}) between 1 and 500`),
  ],
)

/**
 * The limits that protect money and identity, counted for every instance at once (ADR 031):
 * one window per (limit, key), which starts with its first hit (plugins/shared-limits.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'rate_limit_counters_pkey', columns: [t.name, t.key] }), index('rate_limit_counters_window_end_idx').on(t.windowEnd)],
)

/** The places of a limit on things held open (the back office's event streams), each renewed while it lives. */
export const rateLimitPlaces = pgTable(
  'rate_limit_places',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_places_key_idx').on(t.name, t.key), index('rate_limit_places_expires_at_idx').on(t.expiresAt)],
)

/**
 * Order messages waiting to go, sent or given up (ADR 034, migration 0022): written in the order
 * change's transaction, one per event (its history line), channel and recipient.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The order's move the message tells of; null for an invitation's (migration 0037). */
    historyId: integer('history_id').references(() => orderHistory.id, { onDelete: 'cascade' }),
    commandeId: integer('commande_id').references(() => commandes.id, { onDelete: 'cascade' }),
    /** The staff invitation sent by phone (issue 25 §3). */
    invitationId: integer('invitation_id').references(() => invitationsStaff.id, { onDelete: 'cascade' }),
    /** The owner's alert the staff message tells of (issue 26 §4, migration 0044). */
    alertId: bigint('alert_id', { mode: 'number' }).references(() => staffAlerts.id, { onDelete: 'cascade' }),
    audience: text('audience').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerRef: text('provider_ref'),
    /** What the message is about beyond its history line: '' for the line's move, `remboursement:{id}` for a refund, `paiement:{attempt id}` for a payment that moved nothing (migration 0028). */
    event: text('event').notNull().default(''),
  },
  (t) => [
    uniqueIndex('message_outbox_event_kind_key').on(t.historyId, t.event, t.channel, t.recipient),
    index('message_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('message_outbox_commande_idx').on(t.commandeId),
    uniqueIndex('message_outbox_invitation_key').on(t.invitationId, t.channel).where(sql`${t.invitationId} is not null`),
    uniqueIndex('message_outbox_alert_key').on(t.alertId, t.channel, t.recipient).where(sql`${t.alertId} is not null`),
    check('message_outbox_about', sql`(${t.commandeId} is not null and ${t.historyId} is not null) or ${t.invitationId} is not null or ${t.alertId} is not null`),
    check('message_outbox_audience', sql`${t.audience} in ('client', 'staff')`),
    check('message_outbox_channel', sql`${t.channel} in ('sms', 'whatsapp')`),
    check('message_outbox_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
)

/** The owner's « Alertes » (issue 26 §4, ADR 062, migration 0044): one row, absent until first saved. */
export const alertSettings = pgTable(
  'alert_settings',
  {
    id: integer('id').primaryKey().default(1),
    canal: text('canal').notNull().default('sms'),
    /** Dakar's HH:MM of the daily summary; null: none. */
    resumeHeure: text('resume_heure'),
    stock: boolean('stock').notNull().default(true),
    impayees: boolean('impayees').notNull().default(false),
    impayeesMinutes: integer('impayees_minutes').notNull().default(10),
    paiementEchoue: boolean('paiement_echoue').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('alert_settings_one_row', sql`${t.id} = 1`),
    check('alert_settings_canal', sql`${t.canal} in ('sms', 'whatsapp')`),
    check('alert_settings_resume_heure', sql`${t.resumeHeure} is null or ${t.resumeHeure} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('alert_settings_impayees_minutes', sql`${t.impayeesMinutes} between 1 and 25`),
  ],
)

/** The variants told of as at or below their threshold; the mark goes when the stock rises above it (ADR 062). */
export const stockAlertMarks = pgTable('stock_alert_marks', {
  varianteId: integer('variante_id')
    .primaryKey()
    .references(() => variantes.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Each owner's alert once (ADR 062): `cle` is the summary's Dakar day, the order's id, or a sweep's own key. */
export const staffAlerts = pgTable(
  'staff_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    cle: text('cle').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_alerts_kind_cle_key').on(t.kind, t.cle), check('staff_alerts_kind', sql`${t.kind} in ('stock', 'resume', 'impayee', 'paiement_echoue')`)],
)

/** How each customer hears about their orders; no row is the default, SMS (ADR 034). */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    canal: text('canal').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('message_preferences_canal', sql`${t.canal} in ('sms', 'whatsapp', 'aucun')`)],
)

/**
 * How many customer messages each number was given each day, Dakar's (ADR 034, migration 0028):
 * shared by every instance, so that no number gets more than the day's allowance.
 */
export const messageDailyCounts = pgTable(
  'message_daily_counts',
  {
    recipient: text('recipient').notNull(),
    day: date('day').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recipient, t.day] })],
)

/** Secrets every instance shares, drawn by the first that needs one (the tracking links' key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The shop's own pages the owner edits (CGV, FAQ, livraison, contact): Markdown, with their head (migration 0023). */
export const pagesContenu = pgTable(
  'pages_contenu',
  {
    slug: text('slug').primaryKey(),
    titre: text('titre').notNull(),
    description: text('description').notNull(),
    contenu: text('contenu').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pages_contenu_slug', sql`${t.slug} in ('cgv', 'faq', 'livraison', 'contact')`)],
)

/**
 * What the first boot seeded, one row (migration 0030, ADR 045): its presence, not the
 * categories, tells every later boot that the seed ran. Owned by db/seed.ts.
 */
export const shopSetup = pgTable(
  'shop_setup',
  {
    id: smallint('id').primaryKey().default(1),
    contenu: text('contenu').$type<'structure' | 'demo'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('shop_setup_id_check', sql`${t.id} = 1`), check('shop_setup_contenu_check', sql`${t.contenu} in ('structure', 'demo')`)],
)

/**
 * The counters of the invoices' and credit notes' yearly sequences (issue 26 §3, migration 0043,
 * ADR 061): one row per kind (`F` invoice, `A` credit note) and year, updated under its row lock
 * in the transaction that issues the document, so a rollback gives the number back.
 */
export const numerosDocuments = pgTable(
  'numeros_documents',
  {
    type: text('type').$type<'F' | 'A'>().notNull(),
    annee: integer('annee').notNull(),
    dernier: integer('dernier').notNull(),
  },
  (t) => [primaryKey({ name: 'numeros_documents_pkey', columns: [t.type, t.annee] }), check('numeros_documents_type', sql`${t.type} in ('F', 'A')`), check('numeros_documents_dernier', sql`${t.dernier} >= 1`)],
)

/** An order's invoice (ADR 061): assigned once, at the first of « paid online » or « delivered ». */
export const factures = pgTable(
  'factures',
  {
    id: serial('id').primaryKey(),
    commandeId: integer('commande_id')
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    numero: text('numero').notNull(),
    annee: integer('annee').notNull(),
    sequence: integer('sequence').notNull(),
    emiseLe: timestamp('emise_le', { withTimezone: true }).notNull().defaultNow(),
    /** What it prints of its order, frozen when numbered (migration 0045); null for one numbered before. */
    contenu: jsonb('contenu'),
  },
  (t) => [uniqueIndex('factures_commande_key').on(t.commandeId), uniqueIndex('factures_numero_key').on(t.numero), uniqueIndex('factures_annee_sequence_key').on(t.annee, t.sequence)],
)

/** A refund's credit note (ADR 061): one per refund done, referring to the order's invoice. */
export const avoirs = pgTable(
  'avoirs',
  {
    id: serial('id').primaryKey(),
    remboursementId: integer('remboursement_id')
      .notNull()
      .references(() => remboursements.id, { onDelete: 'cascade' }),
    commandeId: integer('commande_id')
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    numero: text('numero').notNull(),
    annee: integer('annee').notNull(),
    sequence: integer('sequence').notNull(),
    emiseLe: timestamp('emise_le', { withTimezone: true }).notNull().defaultNow(),
    /** What it prints, frozen when numbered (migration 0045); null for one numbered before. */
    contenu: jsonb('contenu'),
  },
  (t) => [
    uniqueIndex('avoirs_remboursement_key').on(t.remboursementId),
    uniqueIndex('avoirs_numero_key').on(t.numero),
    uniqueIndex('avoirs_annee_sequence_key').on(t.annee, t.sequence),
    index('avoirs_commande_idx').on(t.commandeId),
  ],
)

/** The « Facturation » settings, one row (ADR 061): the legal identity, the footer, the VAT rate (null: none). */
export const facturation = pgTable(
  'facturation',
  {
    id: smallint('id').primaryKey().default(1),
    nom: text('nom'),
    adresse: text('adresse'),
    ninea: text('ninea'),
    rccm: text('rccm'),
    telephone: text('telephone'),
    pied: text('pied'),
    tvaTaux: integer('tva_taux'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('facturation_id_check', sql`${t.id} = 1`), check('facturation_tva_taux', sql`${t.tvaTaux} is null or ${t.tvaTaux} between 1 and 100`)],
)

/** When each backup step last succeeded (migration 0052, ADR 067): written by the operations commands, read by /metrics. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    step: text('step').primaryKey(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }).notNull().defaultNow(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [check('backup_runs_step', sql`${t.step} in ('archive', 'offsite', 'drill')`)],
)
