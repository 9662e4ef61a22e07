// The fake API of the checkout: the account's fake (addresses, zones, loyalty, payment start,
// cancellation, orders in `account.commandes`) plus the delivery and payment modes, the
// depots, placing an order (answering the canned `checkout.commande`) and reading one order.
// `installCheckoutApi()` in a beforeEach.
import { http, HttpResponse } from 'msw'
import type { Commande } from '@teranga/shared/customer-answers'
import type { OfferedSlot } from '@teranga/shared/delivery-slots'
import { MESSAGES } from '@teranga/shared/messages'
import type { Depot, Modelivraison, Modepaiement } from '@teranga/shared/storefront-answers'
import { account, installAccountApi, makeCommande } from './account-api.ts'
import { customerOf as signedIn, invalidTokenRest as refused, operationName, readGraphql, server } from './server.ts'

export interface CheckoutDb {
  modesLivraison: Modelivraison[]
  modesPaiement: Modepaiement[]
  depots: Depot[]
  /** The Idempotency-Key of every POST /api/commande, in order (failed attempts included). */
  orderKeys: Array<string | null>
  /** What POST /api/commande answers: a cash order waiting for confirmation unless the test says otherwise. */
  commande: Commande
  /** What GET /api/creneaux answers, whatever the zone or depot (none: the shop has no slots). */
  creneaux: OfferedSlot[]
}

/** The seeded payment modes (DESIGN §6). */
function makePaymentModes(): Modepaiement[] {
  return [
    { id: 1, code: 'CASH', designation: 'Paiement à la livraison', desc: 'Réglez en espèces au livreur ou au dépôt.' },
    { id: 2, code: 'WAVE', designation: 'Wave', desc: 'Payez depuis votre application Wave.' },
    { id: 3, code: 'OM', designation: 'Orange Money', desc: 'Validez le paiement avec votre compte Orange Money.' },
  ].map((mode) => ({ ...mode, image: `/media/payments/${mode.code.toLowerCase()}.webp`, imagesrcset: null }))
}

export function makeDepot(overrides: Partial<Depot> & Pick<Depot, 'id' | 'designation' | 'latitude' | 'longitude'>): Depot {
  return { description: `Ouvert de 8 h à 21 h.`, adresse: `Adresse du ${overrides.designation}`, ...overrides }
}

function emptyCheckout(): CheckoutDb {
  return {
    modesLivraison: [
      { id: 11, code: 'DOMICILE', designation: 'Livraison à domicile' },
      { id: 12, code: 'RETRAIT', designation: 'Retrait en dépôt' },
    ],
    modesPaiement: makePaymentModes(),
    depots: [],
    orderKeys: [],
    commande: makeCommande({ etat: 'en_attente' }),
    creneaux: [],
  }
}

export let checkout: CheckoutDb = emptyCheckout()

const handlers = [
  http.all('*/graphql', async ({ request }) => {
    const { query } = (await readGraphql(request)) as { query: string }
    const name = operationName(query)
    if (name === 'ModesLivraison') return HttpResponse.json({ data: { modelivraisons: checkout.modesLivraison } })
    if (name === 'ModesPaiement') return HttpResponse.json({ data: { modepaiements: checkout.modesPaiement } })
    if (name === 'Depots') return HttpResponse.json({ data: { depots: checkout.depots } })
    return undefined
  }),

  // The order the test set, as placed; validating it, its stock and its amounts are the
  // server's (orders.test.ts). A test wanting a refusal answers it with `failRest` or its own handler.
  http.post('*/api/commande', ({ request }) => {
    if (!signedIn(request)) return refused()
    const commande = checkout.commande
    account.commandes.push(commande)
    return HttpResponse.json({ commande }, { status: 201 })
  }),

  http.get('*/api/creneaux', () => HttpResponse.json(checkout.creneaux)),

  http.get('*/api/commande/:numero', ({ request, params }) => {
    if (!signedIn(request)) return refused()
    const commande = account.commandes.find((c) => c.numerocommande === params['numero'])
    if (!commande) return HttpResponse.json({ message: MESSAGES.orderNotFound }, { status: 404 })
    return HttpResponse.json({ commande })
  }),
]

// Every attempt's key, the ones that never reached a handler (a network error) included.
server.events.on('request:start', ({ request }) => {
  if (request.method === 'POST' && new URL(request.url).pathname === '/api/commande') checkout.orderKeys.push(request.headers.get('idempotency-key'))
})

/** A fresh checkout API (and account API) for one test. */
export function installCheckoutApi(): void {
  installAccountApi()
  checkout = emptyCheckout()
  server.use(...handlers)
}
