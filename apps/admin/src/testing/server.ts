// The mocked back-office API (docs/back-office-api.md), with the requests it received.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { Product } from '@teranga/shared/backoffice-catalogue'
import type { Dashboard, OrderDetail, OrderSummary } from '@teranga/shared/backoffice-orders'
import type { StaffMember } from '@teranga/shared/backoffice-staff'
import { formatPrix } from '@teranga/shared/money'
import type { CodePromo } from '@teranga/shared/promotions'

export const requests: { method: string; url: URL; body: unknown; authorization: string | null }[] = []

export const ADMIN: StaffMember = { id: 1, email: 'admin@teranga.sn', prenom: 'Awa', name: 'Diop', role: 'admin' }
export const MANAGER: StaffMember = { id: 2, email: 'gestion@teranga.sn', prenom: 'Moussa', name: 'Ba', role: 'gestionnaire' }

export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    numero: 'T-000123',
    etat: 'payee',
    etat_text: 'Payée',
    etat_badge: 'success',
    datecomm: '2026-11-24T09:30:00Z',
    date_fr: '24 novembre 2026 à 09:30',
    client: { id: 7, nom: 'Fatou Sarr', telephone: '+221771234567' },
    total: 12500,
    total_fr: '12\u00a0500\u00a0FCFA',
    modepaiement: { code: 'wave', designation: 'Wave' },
    modelivraison: { code: 'livraison', designation: 'Livraison' },
    zone: 'Plateau',
    depot: null,
    a_rembourser: false,
    expires_at: null,
    creneau: null,
    ...overrides,
  }
}

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...orderSummary(),
    lignes: [{ produit: { id: 3, designation: 'Riz parfumé 5 kg', code: 'RIZ5', image: null }, variante: null, quantite: 2, prix: 5000, prix_fr: formatPrix(5000), total: 10000, total_fr: formatPrix(10000), paye: 10000, paye_fr: formatPrix(10000) }],
    montantcommande: 10000,
    montantcommande_fr: '10\u00a0000\u00a0FCFA',
    montantliv: 2500,
    montantliv_fr: '2\u00a0500\u00a0FCFA',
    remise: 0,
    remise_fr: '0\u00a0FCFA',
    client: { id: 7, nom: 'Fatou Sarr', telephone: '+221771234567', prenom: 'Fatou', name: 'Sarr', email: 'fatou@example.sn' },
    tel: '+221 77 123 45 67',
    adresseliv: 'Rue 10, Plateau',
    repere: 'Face à la boulangerie',
    latitude: 14.67,
    longitude: -17.43,
    carte: 'https://www.openstreetmap.org/?mlat=14.67&mlon=-17.43',
    whatsapp: 'https://wa.me/221771234567',
    historique: [{ date: '2026-11-24T09:30:00Z', date_fr: '24 novembre 2026 à 09:30', de: null, vers: 'payee', vers_text: 'Payée', acteur: 'provider', acteur_nom: 'Wave', motif: null }],
    livreur: null,
    affectations: [],
    notes: [],
    suivants: [
      { etat: 'confirmee', etat_text: 'Confirmée' },
      { etat: 'annulee', etat_text: 'Annulée' },
    ],
    paiement: { provider: 'wave', statut: 'payee', montant: 12500 },
    rembourse: 0,
    rembourse_fr: '0\u00a0FCFA',
    remboursements: [],
    remboursable: false,
    ...overrides,
  }
}

export const dashboard: Dashboard = {
  a_traiter: { en_attente: 1, payee: 4, confirmee: 2, en_preparation: 0, prete_retrait: 1, en_livraison: 3, echec_livraison: 1 },
  expirent_bientot: [orderSummary({ numero: 'T-000200', etat: 'en_attente_paiement', etat_text: 'En attente de paiement' })],
  stock_bas: [{ id: 3, designation: 'Riz parfumé 5 kg', code: 'RIZ5', quantite: 2, seuil: 5 }],
  ventes: { aujourdhui: 45000, aujourdhui_fr: formatPrix(45000), sept_jours: 312500, sept_jours_fr: formatPrix(312500) },
  courbe: Array.from({ length: 30 }, (_, i) => ({ jour: `2026-11-${String(i + 1).padStart(2, '0')}`, montant: 10000 * (i % 5), commandes: i % 5 })),
}

export const product: Product = {
  id: 3,
  code: 'RIZ5',
  designation: 'Riz parfumé 5 kg',
  description: 'Riz de la vallée',
  prix: 5000,
  prix_fr: '5\u00a0000\u00a0FCFA',
  quantite: 2,
  unite: 'sac',
  seuil: 5,
  stock_bas: true,
  actif: true,
  image_key: null,
  image: null,
  imagesrcset: null,
  souscategorie: { id: 4, designation: 'Riz', categorie: { id: 1, designation: 'Épicerie' } },
  created_at: '2026-11-01T10:00:00Z',
  prix_promo: null,
  promo_debut: null,
  promo_fin: null,
  promo_active: false,
  promo_programmee: false,
  // Without options: its one variant holds its code, price and stock (ADR 053).
  options: [],
  nb_variantes: 1,
  variantes: [
    {
      id: 30,
      options: {},
      designation: 'Riz parfumé 5 kg',
      position: 0,
      code: 'RIZ5',
      code_barres: null,
      prix: 5000,
      prix_fr: '5\u00a0000\u00a0FCFA',
      prix_promo: null,
      promo_debut: null,
      promo_fin: null,
      promo_active: false,
      promo_programmee: false,
      quantite: 2,
      seuil: 5,
      stock_bas: true,
      actif: true,
      image_key: null,
      image: null,
      imagesrcset: null,
    },
  ],
}

/** A discount code as GET /api/codepromo lists it. */
export const promoCode: CodePromo = {
  id: 5,
  code: 'NOEL20',
  type: 'pourcentage',
  valeur: 20,
  minimum: 10000,
  debut: null,
  fin: '2026-12-31T23:59:00.000Z',
  utilisations_max: 100,
  par_client: 1,
  premiere_commande: false,
  souscategories: null,
  actif: true,
  utilisations: 12,
  ventes: 184000,
  ventes_fr: '184\u00a0000\u00a0FCFA',
  remises: 36800,
  remises_fr: '36\u00a0800\u00a0FCFA',
  created_at: '2026-11-20T10:00:00.000Z',
}

/** GET /api/preferences: the shop's public details, with its logo's URL. */
export const shopDetails = {
  id: 1,
  logo: '/media/brand/logo-320.webp',
  logosrcset: null,
  logo2: null,
  email: 'contact@teranga.sn',
  lieu: 'Avenue Pompidou, Dakar',
  promotion: null,
  promotionsrcset: null,
  promotion2: null,
  promotion2srcset: null,
  siteweb: null,
  telephone: '+221 33 800 00 00',
  telephone2: null,
  telephonesAlertes: [],
  indicatifsMessages: [],
}

const page = <T,>(data: T[]) => ({ metadata: { total: data.length, per_page: 20, current_page: 1, last_page: 1 }, data })

export const state = { me: ADMIN as StaffMember | 'customer' }

async function record(request: Request) {
  const text = request.method === 'GET' ? '' : await request.clone().text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // a CSV or multipart body
  }
  requests.push({ method: request.method, url: new URL(request.url), body, authorization: request.headers.get('authorization') })
}

export const handlers = [
  http.all('*/api/*', async ({ request }) => {
    await record(request)
    return undefined
  }),
  http.post('*/api/sociallogin', () => HttpResponse.json({ token: 'api-token', utilisateur: {} })),
  http.get('*/api/admin/moi', () => (state.me === 'customer' ? HttpResponse.json({ message: "Réservé à l'équipe." }, { status: 403 }) : HttpResponse.json(state.me))),
  http.get('*/api/admin/tableau', () => HttpResponse.json(dashboard)),
  // A shop set up already: the home page shows no checklist (setup-checklist.test.tsx shows one).
  http.get('*/api/admin/mise-en-route', () =>
    HttpResponse.json({ etapes: ['categories', 'produits', 'zones', 'depots', 'coordonnees', 'cles'].map((cle) => ({ cle, fait: true })), cles_manquantes: [], terminee: true }),
  ),
  http.get('*/api/admin/evenements', () => new HttpResponse(new ReadableStream({ start() {} }), { headers: { 'content-type': 'text/event-stream' } })),
  http.get('*/api/commande/export.csv', () => new HttpResponse('\ufeffnumero;etat\nT-000123;payee\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })),
  http.get('*/api/commande', () => HttpResponse.json(page([orderSummary(), orderSummary({ numero: 'T-000124' })]))),
  http.get('*/api/admin/commande/bons', () => HttpResponse.json({ data: [orderDetail()] })),
  http.get('*/api/admin/commande/:numero', () => HttpResponse.json(orderDetail())),
  http.post('*/api/commande/:numero/etat', async ({ request }) => {
    const body = (await request.json()) as { etat: string }
    return HttpResponse.json(orderDetail({ etat: body.etat, etat_text: body.etat === 'annulee' ? 'Annulée' : 'Confirmée', suivants: [] }))
  }),
  http.get('*/api/produit', () => HttpResponse.json(page([product]))),
  http.get('*/api/produit/:id/mouvements', () => HttpResponse.json(page([]))),
  http.get('*/api/produit/:id', () => HttpResponse.json(product)),
  http.post('*/api/produit', () => HttpResponse.json(product, { status: 201 })),
  http.put('*/api/produit/:id', () => HttpResponse.json(product)),
  http.post('*/api/produit/:id/variantes/prix', () => HttpResponse.json(product)),
  http.post('*/api/produit/import', ({ request }) =>
    HttpResponse.json(
      new URL(request.url).searchParams.get('dry_run') === '1'
        ? { dry_run: true, crees: 1, modifies: 0, produits_crees: 1, produits_modifies: 0, erreurs: [{ ligne: 3, champ: 'prix', message: 'Le prix doit être un nombre' }], encodage: 'UTF-8', avertissement: null, apercu: [] }
        : { dry_run: false, crees: 1, modifies: 0, produits_crees: 1, produits_modifies: 0, erreurs: [], encodage: 'UTF-8', avertissement: null, apercu: [] },
    ),
  ),
  http.get('*/api/souscategorie', () => HttpResponse.json([{ id: 4, designation: 'Riz' }])),
  http.get('*/api/codepromo', () => HttpResponse.json(page([promoCode]))),
  http.post('*/api/codepromo', async ({ request }) => HttpResponse.json({ ...promoCode, id: 6, utilisations: 0, ventes: 0, ventes_fr: '0\u00a0FCFA', ...((await request.json()) as object) }, { status: 201 })),
  http.put('*/api/codepromo/:id', async ({ request }) => HttpResponse.json({ ...promoCode, ...((await request.json()) as object) })),
  http.delete('*/api/codepromo/:id', () => HttpResponse.json({ ...promoCode, actif: false })),
  http.get('*/api/client', () => HttpResponse.json(page([]))),
  http.get('*/api/client/:id', () =>
    HttpResponse.json({ id: 7, prenom: 'Fatou', name: 'Sarr', email: 'fatou@example.sn', telephone: '+221771234567', points: 120, privilege: 'Argent', created_at: '2026-01-01', created_at_fr: '1 janvier 2026', nb_commandes: 1, achats: 12500, achats_fr: '12\u00a0500\u00a0FCFA', adresses: [], commandes: [{ id: 3, numerocommande: 'T-000123', etat: 'livree', date_fr: '2 janvier 2026', total_fr: '12\u00a0500\u00a0FCFA' }], mouvements_points: [] }),
  ),
  http.post('*/api/client/:id/points', () => HttpResponse.json({ points: 170 })),
  http.get('*/api/zone', () => HttpResponse.json([{ id: 1, designation: 'Plateau', frais: 1500 }])),
  http.put('*/api/zone/:id', async ({ request }) => HttpResponse.json({ id: 1, ...((await request.json()) as object) })),
  http.post('*/api/zone', async ({ request }) => HttpResponse.json({ id: 2, ...((await request.json()) as object) }, { status: 201 })),
  http.get('*/api/modepaiement', () =>
    HttpResponse.json([
      { id: 1, code: 'CASH', designation: 'Paiement à la livraison', actif: true, position: 1 },
      { id: 2, code: 'WAVE', designation: 'Wave', actif: true, position: 2 },
    ]),
  ),
  http.put('*/api/modepaiement/:id', async ({ request }) => HttpResponse.json(await request.json())),
  http.get('*/api/caroussel', () => HttpResponse.json(page([{ id: 1, image: 'uploads/abc', titre: 'Tabaski', description: null, position: 0 }]))),
  http.post('*/api/media', () => HttpResponse.json({ key: 'uploads/0123456789abcdef0123456789abcdef', image: '/media/uploads/0123456789abcdef0123456789abcdef-320.webp', imagesrcset: '' }, { status: 201 })),
  http.put('*/api/caroussel/:id', async ({ request }) => HttpResponse.json({ id: 1, ...((await request.json()) as object) })),
  http.post('*/api/caroussel', async ({ request }) => HttpResponse.json({ id: 2, ...((await request.json()) as object) }, { status: 201 })),
  http.get('*/api/privilege', () => HttpResponse.json(page([{ id: 1, designation: 'Argent', couleur: '#c0c0c0', point: 100, recompenses: [{ type: 'REMISE_POURCENT', valeur: 5 }] }]))),
  http.put('*/api/privilege/:id', async ({ request }) => HttpResponse.json({ id: 1, ...((await request.json()) as object) })),
  http.post('*/api/privilege', async ({ request }) => HttpResponse.json({ id: 2, ...((await request.json()) as object) }, { status: 201 })),
  http.get('*/api/preference', () => HttpResponse.json({ id: 1, telephone: '+221 33 800 00 00', email: 'contact@teranga.sn', promotion: 'banners/promo-fruits' })),
  http.get('*/api/preferences', () => HttpResponse.json(shopDetails)),
  http.put('*/api/preference', async ({ request }) => HttpResponse.json(await request.json())),
  http.post('*/api/souscategorie', async ({ request }) => HttpResponse.json({ id: 5, ...((await request.json()) as object) }, { status: 201 })),
  http.delete('*/api/zone/:id', () => HttpResponse.json({ message: 'Cette zone est utilisée par des commandes : elle ne peut pas être supprimée.' }, { status: 409 })),
  http.delete('*/api/:resource/:id', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/depot', () => HttpResponse.json([{ id: 1, designation: 'Dépôt Plateau', adresse: 'Avenue Pompidou', latitude: 14.67, longitude: -17.43 }])),
  http.put('*/api/depot/:id', async ({ request }) => HttpResponse.json({ id: 1, ...((await request.json()) as object) })),
  http.post('*/api/depot', async ({ request }) => HttpResponse.json({ id: 2, ...((await request.json()) as object) }, { status: 201 })),
  http.get('*/api/categorie', () => HttpResponse.json([{ id: 1, designation: 'Épicerie' }])),
  http.post('*/api/categorie', async ({ request }) => HttpResponse.json({ id: 2, ...((await request.json()) as object) }, { status: 201 })),
  http.get('*/api/staff', () => HttpResponse.json([ADMIN, MANAGER])),
  http.get('*/api/livreur', () => HttpResponse.json([{ id: 3, nom: 'Moussa Ndiaye', telephone: '77 555 12 34', actif: true }])),
  http.get('*/api/modelivraisons', () => HttpResponse.json([{ id: 1, code: 'DOMICILE', designation: 'Livraison à domicile' }, { id: 2, code: 'RETRAIT', designation: 'Retrait en dépôt' }])),
  http.get('*/api/modepaiements', () => HttpResponse.json([{ id: 1, code: 'CASH', designation: 'Paiement à la livraison' }, { id: 2, code: 'WAVE', designation: 'Wave' }])),
  http.get('*/api/depots', () => HttpResponse.json([{ id: 1, designation: 'Dépôt Plateau' }])),
  http.get('*/api/audit', () =>
    HttpResponse.json(
      page([
        {
          id: 9,
          date: '2026-11-24T09:30:00.000Z',
          date_fr: '24 novembre 2026 à 09:30',
          action: 'produit.modifier',
          resource: 'produit',
          resource_id: '12',
          staff: { id: 1, email: 'admin@teranga.sn' },
          avant: { prix: 1500 },
          apres: { prix: 1750 },
        },
      ]),
    ),
  ),
]

export const server = setupServer(...handlers)

export function resetRequests() {
  requests.length = 0
  state.me = ADMIN
}

