// The fake API of the customer's space (/profile): profile changes, saved addresses, orders,
// loyalty, sessions and account deletion, answered from an in-memory `account` reset by
// `installAccountApi()` (call it in a beforeEach; the shop's other answers stay those of server.ts).
// It keeps what it is sent and answers it back: validation, limits and which order may be
// cancelled or paid are the server's (its tests); a test wanting a refusal answers it with `failRest`.
import { http, HttpResponse } from 'msw'
import type { Adresse, Commande, Fidelite, Privilege } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import type { MessageChannelChoice, MessagesChoice } from '@teranga/shared/order-messages'
import { ORDER_STATUSES, type OrderStatus } from '@teranga/shared/order-status'
import type { AddressInput, CustomerDetails } from '@teranga/shared/schemas'
import type { ZoneLivraison } from '@teranga/shared/storefront-answers'
import { customerOf as signedIn, db, invalidTokenRest as refused, operationName, page as paginate, readGraphql, server } from './server.ts'

export interface AccountDb {
  zones: ZoneLivraison[]
  adresses: Adresse[]
  commandes: Commande[]
  privileges: Privilege[]
  fidelite: Fidelite
  /** What POST /api/commande/{numero}/paiement answers as the provider's page. */
  paymentUrl: string
  /** How the customer hears about their orders (GET|PUT /api/profile/messages). */
  canal: MessageChannelChoice
}

let nextId = 1
const id = () => nextId++

export function makeZone(overrides: Partial<ZoneLivraison> = {}): ZoneLivraison {
  const zoneId = overrides.id ?? id()
  const frais = overrides.frais ?? 1500
  return { id: zoneId, designation: `Zone ${zoneId}`, frais, fraisformat: formatPrix(frais), ...overrides }
}

export function makeAdresse(overrides: Partial<Adresse> = {}): Adresse {
  return {
    id: id(),
    libelle: 'Maison',
    adresse: 'Rue 10, Mermoz',
    zone: null,
    telephone: '+221 77 123 45 67',
    latitude: null,
    longitude: null,
    pardefaut: false,
    repere: null,
    ...overrides,
  }
}

type Ligne = { designation: string; prix: number; quantite: number }

/** An order in the GraphQL shape; amounts follow the lines, the fee and the discount unless given. */
export function makeCommande({
  etat = 'en_attente',
  lignes = [{ designation: 'Riz parfumé 5 kg', prix: 6500, quantite: 2 }],
  montantliv = 1500,
  remise = 0,
  modepaiement = { code: 'CASH', designation: 'Paiement à la livraison' },
  ...overrides
}: Partial<Omit<Commande, 'etat' | 'modepaiement'>> & { etat?: OrderStatus; lignes?: Ligne[]; modepaiement?: { code: string; designation: string } } = {}): Commande {
  const commandeId = id()
  const montantcommande = lignes.reduce((sum, ligne) => sum + ligne.prix * ligne.quantite, 0)
  const montanttotal = montantcommande + montantliv - remise
  return {
    id: commandeId,
    numerocommande: `TRG-261122-A${String(commandeId).padStart(5, 'B')}`,
    etat,
    etat_text: ORDER_STATUSES[etat].text,
    etat_badge: ORDER_STATUSES[etat].badge,
    created_at_fr: '22/11/2026 à 10:30',
    montantcommande,
    montantliv,
    remise,
    montanttotal,
    montanttotalformat: formatPrix(montanttotal),
    adresseliv: 'Rue 10, Mermoz',
    modepaiement: { id: commandeId, ...modepaiement },
    modelivraison: { id: 1, code: 'DOMICILE', designation: 'Livraison à domicile' },
    depot: null,
    detailcommandes: lignes.map((ligne) => ({
      id: id(),
      quantite: ligne.quantite,
      prix: ligne.prix,
      produit: { id: id(), designation: ligne.designation, image: null, imagesrcset: null },
      variante: null,
    })),
    ...overrides,
  }
}

/** The seeded tiers: Bronze 0, Argent 100 (2 %), Or 300 (5 % and free delivery). */
export function makePrivileges(): Privilege[] {
  const remise = { id: 2, code: 'REMISE_POURCENT', designation: 'Remise en pourcentage' }
  const livraison = { id: 1, code: 'LIVRAISON_GRATUITE', designation: 'Livraison gratuite' }
  return [
    { id: 1, designation: 'Bronze', couleur: '#CD7F32', point: 0, privilegerecompenses: [] },
    { id: 2, designation: 'Argent', couleur: '#A7A9AC', point: 100, privilegerecompenses: [{ id: 1, valeur: 2, typerecompense: remise }] },
    {
      id: 3,
      designation: 'Or',
      couleur: '#D4AF37',
      point: 300,
      privilegerecompenses: [
        { id: 2, valeur: 5, typerecompense: remise },
        { id: 3, valeur: 100, typerecompense: livraison },
      ],
    },
  ]
}

function emptyAccount(): AccountDb {
  return {
    zones: [],
    adresses: [],
    commandes: [],
    privileges: makePrivileges(),
    fidelite: { points: 0, privilege: null, prochain: null, historique: [] },
    paymentUrl: 'https://pay.wave.com/c/cos-test-0123',
    canal: 'sms',
  }
}

export let account: AccountDb = emptyAccount()

function setState(commande: Commande, etat: OrderStatus) {
  commande.etat = etat
  commande.etat_text = ORDER_STATUSES[etat].text
  commande.etat_badge = ORDER_STATUSES[etat].badge
}

/** Moves an order as the payment provider's webhook or the back office would. */
export function setOrderState(numero: string, etat: OrderStatus): void {
  const commande = account.commandes.find((c) => c.numerocommande === numero)
  if (!commande) throw new Error(`No order ${numero}`)
  setState(commande, etat)
}

const handlers = [
  http.all('*/graphql', async ({ request }) => {
    const { query, variables = {} } = (await readGraphql(request)) as { query: string; variables?: Record<string, unknown> }
    const name = operationName(query)
    if (name === 'Zones') return HttpResponse.json({ data: { zoneslivraison: account.zones } })
    if (name === 'Privileges') return HttpResponse.json({ data: { privileges: account.privileges } })
    if (name === 'Commandes') {
      if (!signedIn(request)) return HttpResponse.json({ data: null, errors: [{ message: MESSAGES.unauthenticated, extensions: { code: 'UNAUTHENTICATED' } }] })
      const page = typeof variables['page'] === 'number' ? variables['page'] : 1
      const count = typeof variables['count'] === 'number' ? variables['count'] : 12
      return HttpResponse.json({ data: { commandespaginated: paginate(account.commandes, page, count) } })
    }
    return undefined
  }),

  http.put('*/api/profile', async ({ request }) => {
    const user = signedIn(request)
    if (!user) return refused()
    db.user = { ...user, ...((await request.json()) as CustomerDetails) }
    return HttpResponse.json({ utilisateur: db.user })
  }),

  http.get('*/api/profile/messages', ({ request }) => (signedIn(request) ? HttpResponse.json({ canal: account.canal }) : refused())),

  http.put('*/api/profile/messages', async ({ request }) => {
    if (!signedIn(request)) return refused()
    account.canal = ((await request.json()) as MessagesChoice).canal
    return HttpResponse.json({ canal: account.canal })
  }),

  http.delete('*/api/profile', ({ request }) => {
    if (!signedIn(request)) return refused()
    db.user = null
    return HttpResponse.json({ message: MESSAGES.accountDeleted })
  }),

  http.post('*/api/logout/partout', ({ request }) => {
    if (!signedIn(request)) return refused()
    // Every token of the customer is revoked: this one opens nothing any more.
    db.token = 'jeton-revoque-0123456789abcdef'
    return HttpResponse.json({ message: MESSAGES.loggedOutEverywhere })
  }),

  http.get('*/api/adresses', ({ request }) => {
    if (!signedIn(request)) return refused()
    return HttpResponse.json({ adresses: account.adresses })
  }),

  http.post('*/api/adresses', async ({ request }) => {
    if (!signedIn(request)) return refused()
    const adresse = toAdresse(id(), (await request.json()) as AddressInput)
    account.adresses.push(adresse)
    return HttpResponse.json({ adresse }, { status: 201 })
  }),

  http.put('*/api/adresses/:id', async ({ request, params }) => {
    if (!signedIn(request)) return refused()
    const index = account.adresses.findIndex((a) => a.id === Number(params['id']))
    if (index < 0) return HttpResponse.json({ message: MESSAGES.addressNotFound }, { status: 404 })
    const adresse = toAdresse(account.adresses[index]!.id, (await request.json()) as AddressInput)
    account.adresses[index] = adresse
    return HttpResponse.json({ adresse })
  }),

  http.delete('*/api/adresses/:id', ({ request, params }) => {
    if (!signedIn(request)) return refused()
    const before = account.adresses.length
    account.adresses = account.adresses.filter((a) => a.id !== Number(params['id']))
    if (account.adresses.length === before) return HttpResponse.json({ message: MESSAGES.addressNotFound }, { status: 404 })
    return new HttpResponse(null, { status: 204 })
  }),

  http.post('*/api/commande/:numero/annulation', ({ request, params }) => {
    if (!signedIn(request)) return refused()
    const commande = account.commandes.find((c) => c.numerocommande === params['numero'])
    if (!commande) return HttpResponse.json({ message: MESSAGES.orderNotFound }, { status: 404 })
    setState(commande, 'annulee')
    return HttpResponse.json({ commande })
  }),

  http.post('*/api/commande/:numero/paiement', ({ request, params }) => {
    if (!signedIn(request)) return refused()
    const commande = account.commandes.find((c) => c.numerocommande === params['numero'])
    if (!commande) return HttpResponse.json({ message: MESSAGES.orderNotFound }, { status: 404 })
    setState(commande, 'en_attente_paiement')
    return HttpResponse.json({ url: account.paymentUrl, commande })
  }),

  http.get('*/api/fidelite', ({ request }) => {
    if (!signedIn(request)) return refused()
    return HttpResponse.json(account.fidelite)
  }),
]

/** The address as sent, with its zone (the server also makes it the only default: its tests check that). */
function toAdresse(adresseId: number, input: AddressInput): Adresse {
  return {
    id: adresseId,
    libelle: input.libelle ?? null,
    adresse: input.adresse,
    zone: account.zones.find((z) => z.id === input.zone) ?? null,
    telephone: input.telephone,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    pardefaut: input.pardefaut ?? false,
    repere: input.repere ?? null,
  }
}

/** A fresh account API for one test; server.ts's own handlers answer everything else. */
export function installAccountApi(): void {
  nextId = 1000
  account = emptyAccount()
  server.use(...handlers)
}
