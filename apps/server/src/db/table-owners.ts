// Which server modules write each table (CONVENTIONS §7, issue 24 §1, ADR 048): a module writes
// only its own tables and asks the owner's service for the others. The lint rule
// (tools/eslint-table-owners.js) fails on a module writing a table it does not own; the server's
// shape test checks that every table of the schema is here and that every owner is a module.
// Reading another module's table is not a write and is not checked here. Keep this file free of
// imports: the lint loads it as it is.

/**
 * Each table (its name in the database) → the modules that write it. Most have one; a table
 * with several names what each writes. An empty list: no module writes it (the migrations, the
 * seed or the server's own plugins do).
 */
export const TABLE_OWNERS = {
  // Identity and the customer's account: `clients` is written by sign-in and the account only.
  clients: ['auth', 'account'],
  api_tokens: ['auth'],
  adresses: ['account'],
  roles: [],
  invitations_staff: ['staff'],
  audit_log: ['audit'],

  // The catalogue. A product's fields are the back office's, the shop's catalogue counts its
  // views (`vues`); its stock, prices and counts are its variants' summary, written by the
  // database (migration 0033). A variant's fields are the back office's, its stock (`quantite`)
  // the stock ledger's alone (ADR 053).
  produits: ['backoffice-catalogue', 'catalogue'],
  variantes: ['backoffice-catalogue', 'stock'],
  mouvements_stock: ['stock'],
  categories: ['backoffice-catalogue'],
  souscategories: ['backoffice-catalogue'],
  medias: ['media'],
  vues_produits: ['catalogue'],
  ventes_recentes: ['catalogue'],
  produits_comptes: ['catalogue'],

  // The shopper's lists.
  favoris: ['favourites'],
  paniers: ['cart'],
  panier_produits: ['cart'],
  panier_lignes: ['cart'],

  // Orders, their money and what follows them.
  commandes: ['orders'],
  detail_commandes: ['orders'],
  order_history: ['orders'],
  idempotency_keys: ['orders'],
  paiements: ['payments'],
  payment_events: ['payments'],
  // The built-in sandbox's keys and sessions, shared by the instances (ADR 066).
  payment_sandbox_keys: ['payments'],
  payment_sandbox_sessions: ['payments'],
  // Money going out is the payments module's (issue 24 §1).
  remboursements: ['payments'],
  remboursement_lignes: ['payments'],
  points_fidelite: ['loyalty'],
  codes_promo: ['promotions'],
  // The staff module links a courier to the account that accepted their invitation (`client_id`, ADR 056).
  livreurs: ['dispatch', 'staff'],
  commandes_livreur: ['dispatch'],
  affectations_livreur: ['dispatch'],
  notes_commande: ['dispatch'],
  // The cash couriers hand back (issue 25 §4): the dispatch module keeps the couriers.
  remises_caisse: ['dispatch'],
  // Invoices and credit notes, their numbers and the « Facturation » settings (issue 26 §3, ADR 061).
  numeros_documents: ['invoices'],
  factures: ['invoices'],
  avoirs: ['invoices'],
  facturation: ['invoices'],
  message_outbox: ['messages'],
  message_preferences: ['messages'],
  message_daily_counts: ['messages'],
  server_secrets: ['messages'],
  // The owner's alerts (issue 26 §4, ADR 062): their settings, marks and keys; their messages go through the outbox.
  alert_settings: ['alerts'],
  stock_alert_marks: ['alerts'],
  staff_alerts: ['alerts'],

  // The shop's settings and pages.
  modepaiements: ['settings'],
  depots: ['settings'],
  zones_livraison: ['settings'],
  // Delivery slots and days off (issue 25 §1).
  creneaux: ['delivery'],
  fermetures: ['delivery'],
  preferences: ['settings'],
  caroussels: ['settings'],
  privileges: ['settings'],
  privilege_recompenses: ['settings'],
  pages_contenu: ['content'],
  // Written by the migrations and the seed only.
  modelivraisons: [],
  typerecompenses: [],
  shop_setup: [],
  // Written by the server's shared limits (src/plugins/shared-limits.ts), no module.
  rate_limit_counters: [],
  rate_limit_places: [],
  // Written by the operations commands (scripts/backup.ts, backup-offsite.ts, backup-drill.ts), no module (ADR 067).
  backup_runs: [],
} as const satisfies Record<string, readonly string[]>

/** A write the map tolerates for now: the module that still makes it, and why it has not moved. */
export interface OwnershipException {
  table: keyof typeof TABLE_OWNERS
  module: string
  why: string
}

/**
 * Writes that break the map today, each to be moved to the owner's service and then struck
 * from this list (the lint then holds the line). The shape test fails when an entry no longer
 * names an existing table or module.
 */
export const OWNERSHIP_EXCEPTIONS: readonly OwnershipException[] = []
