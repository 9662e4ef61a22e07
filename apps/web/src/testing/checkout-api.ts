// The fake API of the checkout: the account's fake (addresses, zones, loyalty, payment start,
// cancellation, orders in `account.commandes`) plus the delivery and payment modes, the
// depots, placing an order from the server cart (Idempotency-Key replay, stock and empty-cart
// 409s, validation 400s) and reading one order. `installCheckoutApi()` in a beforeEach.
import { http, HttpResponse } from 'msw'
import { MESSAGES } from '@teranga/shared/messages'
import { orderAmounts } from '@teranga/shared/order-amounts'
import type { OrderStatus } from '@teranga/shared/order-status'
import { idempotencyKeySchema, orderSchema } from '@teranga/shared/schemas'
import type { Depot, Modelivraison, Modepaiement } from '@teranga/shared/storefront-answers'
import { account, installAccountApi, makeCommande } from './account-api.ts'
import { customerOf as signedIn, db, invalidInput, invalidTokenRest as refused, operationName, server } from './server.ts'

export interface CheckoutDb {
  modesLivraison: Modelivraison[]
  modesPaiement: Modepaiement[]
  depots: Depot[]
  /** The Idempotency-Key of every POST /api/commande, in order (failed attempts included). */
  orderKeys: Array<string | null>
  /** Orders already placed, by Idempotency-Key. */
  placedByKey: Map<string, string>
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
    placedByKey: new Map(),
  }
}

export let checkout: CheckoutDb = emptyCheckout()

const badRequest = (field: string, message: string) => invalidInput([{ path: [field], message }])

const handlers = [
  http.post('*/graphql', async ({ request }) => {
    const { query } = (await request.clone().json()) as { query: string }
    const name = operationName(query)
    if (name === 'ModesLivraison') return HttpResponse.json({ data: { modelivraisons: checkout.modesLivraison } })
    if (name === 'ModesPaiement') return HttpResponse.json({ data: { modepaiements: checkout.modesPaiement } })
    if (name === 'Depots') return HttpResponse.json({ data: { depots: checkout.depots } })
    return undefined
  }),

  http.post('*/api/commande', async ({ request }) => {
    if (!signedIn(request)) return refused()
    const key = request.headers.get('idempotency-key')
    if (key !== null && !idempotencyKeySchema.safeParse(key).success) return badRequest('idempotency-key', MESSAGES.idempotencyKeyInvalid)
    const replayed = key ? account.commandes.find((c) => c.numerocommande === checkout.placedByKey.get(key)) : undefined
    if (replayed) return HttpResponse.json({ commande: replayed })
    const parsed = orderSchema.safeParse(await request.json())
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      return badRequest(String(issue.path[0]), issue.message)
    }
    const input = parsed.data
    const delivery = checkout.modesLivraison.find((m) => m.id === input.modelivraison)
    if (!delivery) return badRequest('modelivraison', MESSAGES.orderDeliveryModeUnknown)
    const payment = checkout.modesPaiement.find((m) => m.id === input.modepaiement)
    if (!payment) return badRequest('modepaiement', MESSAGES.orderPaymentModeUnknown)
    let fee = 0
    const depot = checkout.depots.find((d) => d.id === input.depot)
    if (delivery.code === 'RETRAIT') {
      if (!depot) return badRequest('depot', MESSAGES.orderDepotRequired)
    } else {
      if (!input.adresseliv || input.adresseliv.length < 3) return badRequest('adresseliv', MESSAGES.orderAddressRequired)
      const zone = account.zones.find((z) => z.designation === input.zone)
      if (!zone) return badRequest('zone', MESSAGES.orderZoneUnknown)
      fee = zone.frais
    }
    const lines = db.cart.flatMap((line) => {
      const produit = db.produits.find((p) => p.id === line.produit_id)
      return produit ? [{ produit, quantite: line.quantite }] : []
    })
    if (lines.length === 0) return HttpResponse.json({ message: MESSAGES.orderCartEmpty }, { status: 409 })
    for (const { produit, quantite } of lines) {
      if (produit.quantite < quantite) {
        const message = MESSAGES.insufficientStock(produit.designation, produit.quantite)
        return HttpResponse.json({ message, errors: { panier: [message] } }, { status: 409 })
      }
    }
    const rewards = (account.fidelite.privilege?.privilegerecompenses ?? []).map((r) => ({ code: r.typerecompense.code, valeur: r.valeur }))
    const amounts = orderAmounts(lines.map(({ produit, quantite }) => ({ prix: produit.prix, quantite })), fee, rewards)
    const etat: OrderStatus = payment.code === 'CASH' ? 'en_attente' : 'en_attente_paiement'
    const commande = makeCommande({
      etat,
      lignes: lines.map(({ produit, quantite }) => ({ designation: produit.designation, prix: produit.prix, quantite })),
      montantliv: amounts.montantliv,
      remise: amounts.remise,
      modepaiement: { code: payment.code, designation: payment.designation },
      modelivraison: delivery,
      depot: depot && delivery.code === 'RETRAIT' ? { id: depot.id, designation: depot.designation, adresse: depot.adresse, horairestexte: depot.horairestexte ?? null } : null,
      adresseliv: delivery.code === 'RETRAIT' ? (depot?.adresse ?? null) : (input.adresseliv ?? null),
    })
    for (const { produit, quantite } of lines) produit.quantite -= quantite
    db.cart = []
    account.commandes.push(commande)
    if (key) checkout.placedByKey.set(key, commande.numerocommande)
    return HttpResponse.json({ commande }, { status: 201 })
  }),

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
