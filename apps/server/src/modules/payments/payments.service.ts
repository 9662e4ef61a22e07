// Online payment of an order (DESIGN §6): an attempt opened at the provider for the amount the
// database holds, and the provider's signed notifications moving the order forward along the
// shared state machine (through the order lifecycle), each event once. A success is believed
// only once the provider's own status API confirms it (PayTech's signature does not cover the
// event type). Money that arrives for an order that can no longer take it (cancelled, expired,
// already paid) never revives it: the attempt is flagged for a refund.
import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { MESSAGES } from '@teranga/shared/server-messages'
import { orderTotal } from '@teranga/shared/order-amounts'
import { isPayable } from '@teranga/shared/order-status'
import { isPaymentReceived } from '@teranga/shared/payment-labels'
import type { Executor } from '../../db/client.ts'
import { badGateway, badInput, conflict, notFound, unauthenticated } from '../../lib/errors.ts'
import type { Metrics } from '../../lib/metrics.ts'
import { actors, type LifecycleScope, type OrderLifecycle } from '../orders/order-lifecycle.service.ts'
import type { OrdersService } from '../orders/orders.service.ts'
import { PROVIDER_FOR_MODE, ProviderError, type PaymentEvent, type PaymentProvider, type ProviderName } from './payment-provider.ts'
import { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts'

/** Attempts one order may open: beyond, each retry would hold the stock another 30 minutes. */
export const MAX_PAYMENT_ATTEMPTS = 5

/**
 * A cash order's states in which a late online approval still pays it (issue 23 §2): before the
 * courier collects. Delivered, cancelled or refunded, the money is owed back instead.
 */
const LATE_PAYABLE: ReadonlySet<string> = new Set(['en_attente', 'confirmee', 'en_preparation', 'en_livraison', 'prete_retrait'])

/** An attempt reserved under the order's lock whose provider has not answered after this long was left by a process that stopped. */
const RESERVATION_LAPSES_MS = 2 * 60_000

/** What a pay-again decided under the order's lock: paid on delivery now, an open attempt's page again, or an attempt reserved for the provider to open. */
type Reservation = { cash: true } | { url: string } | { attemptId: number; orderId: number; provider: ProviderName; mode: string; montant: number }

/** What a notification did: the webhook's answer, for the provider's logs and ours. */
export type WebhookOutcome = 'payee' | 'echouee' | 'a_rembourser' | 'doublon' | 'ignore' | 'non_confirme'

interface Deps {
  lifecycle: OrderLifecycle
  repo: PaymentsRepository
  providers: Record<ProviderName, PaymentProvider>
  orders: OrdersService
  publicUrl: string
  log: FastifyBaseLogger
  /** Counts the notifications applied (GET /metrics). */
  metrics?: Pick<Metrics, 'payment'> | undefined
  now?: () => Date
}

export function createPaymentsService({ lifecycle, repo, providers, orders, publicUrl, log, metrics, now = () => new Date() }: Deps) {
  async function answer(numero: string, viewerId: number) {
    const found = await orders.one(numero, viewerId)
    if (!found) throw notFound(MESSAGES.orderNotFound)
    return found.commande
  }

  /** Applies one verified, not yet seen event to its attempt and order (inside the caller's transaction). */
  async function apply(
    { orders: writes, move, paidAfterCash, tx }: LifecycleScope,
    provider: ProviderName,
    event: PaymentEvent,
  ): Promise<{ outcome: WebhookOutcome; numero?: string; attemptId?: number }> {
    const payments = createPaymentsRepository(tx)
    const by = actors.provider(provider)
    const attempt = await payments.attemptByRef(provider, event.providerRef)
    // Not one of ours (another integration on the same account, or a session never recorded):
    // acknowledged so that the provider stops retrying, and logged.
    if (!attempt) return { outcome: 'ignore' }
    // The order first, locked: a cancellation, the expiry sweep or the back office either
    // finished before (and we see its state) or waits until this decision is committed.
    const order = await writes.lockOrder({ id: attempt.commandeId })
    if (!order) return { outcome: 'ignore' }
    const numero = order.numerocommande
    // Not the amount asked for: acted on never, and not recorded either (so it cannot stand in
    // for the genuine event of the same id).
    if (event.amount !== attempt.montant || event.currency !== 'XOF') {
      log.error({ provider, numero, attempt: attempt.id, expected: attempt.montant, received: event.amount, currency: event.currency }, 'payment notification amount does not match the attempt; ignored')
      return { outcome: 'ignore', numero, attemptId: attempt.id }
    }
    if (!(await payments.recordEvent(provider, event.eventId, event.payload, order.id))) return { outcome: 'doublon', numero, attemptId: attempt.id }

    if (event.outcome === 'failed') {
      if (!(await payments.setAttemptStatus(attempt.id, ['en_cours'], 'echouee'))) return { outcome: 'ignore', numero, attemptId: attempt.id }
      // A late failure of an older attempt does not undo the customer's newer one.
      const latest = await payments.latestAttempt(order.id)
      if (latest?.id === attempt.id && order.etat === 'en_attente_paiement') await move(order, 'echec_paiement', by, 'paiement refusé')
      return { outcome: 'echouee', numero, attemptId: attempt.id }
    }

    // Already counted (paid, owed back or given back): the money came once.
    if (isPaymentReceived(attempt.statut)) return { outcome: 'doublon', numero, attemptId: attempt.id }
    // A success after a failure (the customer tried again on the same page) still pays the
    // order, which holds its stock until it expires: back to waiting, then paid.
    let current = order
    if (current.etat === 'echec_paiement') {
      const back = await move(current, 'en_attente_paiement', by, 'paiement reçu après un échec')
      if (back.moved) current = back.order
    }
    if (current.etat === 'en_attente_paiement' && (await move(current, 'payee', by, 'paiement confirmé')).moved) {
      await payments.setAttemptStatus(attempt.id, ['en_cours', 'echouee'], 'payee')
      return { outcome: 'payee', numero, attemptId: attempt.id }
    }
    // Approved after the customer chose to pay on delivery (issue 23 §2): the order, still to be
    // delivered and never paid, takes this money; the courier must not collect it a second time.
    if (LATE_PAYABLE.has(current.etat) && (await payments.orderModeCode(order.id)) === 'CASH' && !(await payments.receivedAttempt(order.id))) {
      const modeId = attempt.modepaiementId ?? (await payments.modeAmong(Object.keys(PROVIDER_FOR_MODE).filter((code) => PROVIDER_FOR_MODE[code] === provider)))
      if (modeId !== undefined) {
        await paidAfterCash(current, { modepaiementId: modeId, attemptId: attempt.id }, by)
        await payments.setAttemptStatus(attempt.id, ['en_cours', 'echouee'], 'payee')
        return { outcome: 'payee', numero, attemptId: attempt.id }
      }
    }
    await payments.setAttemptStatus(attempt.id, ['en_cours', 'echouee'], 'a_rembourser')
    return { outcome: 'a_rembourser', numero, attemptId: attempt.id }
  }

  /**
   * Before a success is applied: the provider's status API must say the attempt is paid, for
   * the amount asked. Outside any transaction (no row stays locked while the provider answers).
   * An event we cannot act on anyway (unknown attempt, other amount, already settled) needs no call.
   */
  async function confirmedByProvider(provider: ProviderName, event: PaymentEvent): Promise<boolean> {
    const attempt = await repo.attemptByRef(provider, event.providerRef)
    if (!attempt || event.amount !== attempt.montant || isPaymentReceived(attempt.statut)) return true
    if (await repo.eventSeen(provider, event.eventId)) return true
    let status
    try {
      status = await providers[provider].paymentStatus({ providerRef: event.providerRef, providerToken: attempt.providerToken })
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      log.error({ err: error, provider, attempt: attempt.id }, 'payment provider could not confirm a payment; the notification is refused for now')
      throw badGateway(MESSAGES.paymentProviderUnavailable)
    }
    if (status.status === 'succeeded' && (status.amount === null || status.amount === attempt.montant)) return true
    // Not recorded: the genuine notification, if it comes, is still applied.
    log.warn({ provider, attempt: attempt.id, status: status.status, event: event.eventId }, 'payment notification not confirmed by the provider; ignored')
    return false
  }

  return {
    /** Personal data the providers sent about a client's payments goes (account deletion, in its transaction). */
    forgetPayer: (tx: Executor, clientId: number) => createPaymentsRepository(tx).scrubClientEvents(clientId),

    /**
     * Starts (or restarts, after a failure) the online payment of the customer's order and
     * answers the provider's page. An attempt still open is reused rather than doubled.
     * With `modepaiement` (issue 19 §4), the order is paid another way first, through the order
     * lifecycle: another online mode opens its attempt here; cash (home delivery only) makes it
     * a cash order waiting for confirmation, answered without a page (`url` null).
     */
    async start(clientId: number, numero: string, modepaiement?: number): Promise<{ url: string | null; commande: Awaited<ReturnType<typeof answer>> }> {
      // One decision under the order's lock (issue 23 §2, ADR 041): the mode is changed and the
      // attempt reserved in the same transaction, so that no other pay-again can change the
      // order's mode between the two. At most one attempt is open per order: the one still open
      // in this mode for this amount is answered again; one another request is opening makes
      // this one a 409 before anything changes; any other is closed (a late success of it is
      // still applied, ADR 036); then this attempt is reserved before the provider is asked.
      const reserved = await lifecycle.run(async ({ orders: writes, changePaymentMode, tx }): Promise<Reservation> => {
        // Only the customer's own order is locked: another's answers 404 and waits for nothing.
        let order = await writes.lockOrder({ numero, clientId })
        if (!order) throw notFound(MESSAGES.orderNotFound)
        const payments = createPaymentsRepository(tx)
        const attempts = await payments.attempts(order.id)
        const open = attempts.filter((a) => a.statut === 'en_cours')
        const opening = open.some((a) => !a.checkoutUrl && now().getTime() - a.createdAt.getTime() < RESERVATION_LAPSES_MS)
        const chosen = modepaiement === undefined ? undefined : await payments.activeMode(modepaiement)
        if (chosen) {
          if (!isPayable(order, now())) throw conflict(MESSAGES.orderNotRepayable)
          if (opening) throw conflict(MESSAGES.paymentOpening)
          const changed = await changePaymentMode(order, chosen, actors.client(clientId))
          if (changed.way === 'cash') return { cash: true }
          order = changed.order
        } else if (modepaiement !== undefined) {
          throw badInput(MESSAGES.orderPaymentModeUnknown, { modepaiement: [MESSAGES.orderPaymentModeUnknown] })
        }
        const mode = chosen?.code ?? (await payments.orderModeCode(order.id)) ?? ''
        const provider = PROVIDER_FOR_MODE[mode]
        if (!provider) throw conflict(MESSAGES.orderPaidOnDelivery)
        if (!isPayable(order, now())) throw conflict(MESSAGES.orderNotPayable)
        // The amount is the order's, as the database holds it: never the client's.
        const montant = orderTotal(order)
        const modepaiementId = order.modepaiementId
        // An attempt reserved before migration 0026 does not name its mode: its provider stands for it.
        const sameMode = (a: (typeof open)[number]) => (a.modepaiementId === null ? a.provider === provider : a.modepaiementId === modepaiementId)
        const reusable = open.find((a) => a.checkoutUrl && sameMode(a) && a.montant === montant)
        if (order.etat === 'en_attente_paiement' && reusable) return { url: reusable.checkoutUrl! }
        if (opening) throw conflict(MESSAGES.paymentOpening)
        if (attempts.length >= MAX_PAYMENT_ATTEMPTS) throw conflict(MESSAGES.paymentTooManyAttempts)
        for (const attempt of open) await payments.setAttemptStatus(attempt.id, ['en_cours'], 'echouee')
        const row = await payments.insertAttempt({ commandeId: order.id, provider, montant, statut: 'en_cours', modepaiementId })
        return { attemptId: row.id, orderId: order.id, provider, mode, montant }
      })
      if ('cash' in reserved) {
        log.info({ numero }, 'unpaid online order switched to payment on delivery')
        return { url: null, commande: await answer(numero, clientId) }
      }
      if ('url' in reserved) return { url: reserved.url, commande: await answer(numero, clientId) }
      const { provider, mode, montant } = reserved

      const returnQuery = `commande=${encodeURIComponent(numero)}`
      let session
      try {
        // Outside any transaction: no row stays locked while a provider takes its time.
        session = await providers[provider].createCheckout({
          numero,
          reference: `${numero}-${randomBytes(4).toString('hex').toUpperCase()}`,
          mode,
          amount: montant,
          successUrl: `${publicUrl}/success?${returnQuery}`,
          errorUrl: `${publicUrl}/failed?${returnQuery}`,
          notifyUrl: `${publicUrl}/api/paiement/webhook/${provider}`,
        })
      } catch (error) {
        await repo.dropReservation(reserved.attemptId)
        if (!(error instanceof ProviderError)) throw error
        log.error({ err: error, provider, numero }, 'payment provider could not open a checkout')
        throw badGateway(MESSAGES.paymentProviderUnavailable)
      }

      const opened = await lifecycle.run(async ({ orders: writes, move, tx }) => {
        const payments = createPaymentsRepository(tx)
        const locked = await writes.lockOrder({ id: reserved.orderId })
        if (!locked || !isPayable(locked, now())) {
          // Cancelled, paid or expired while the provider answered: the session is left to lapse.
          await payments.setAttemptStatus(reserved.attemptId, ['en_cours'], 'echouee')
          return false
        }
        if (!(await payments.openAttempt(reserved.attemptId, { providerRef: session.providerRef, providerToken: session.providerToken ?? null, checkoutUrl: session.url }))) return false
        // The retry path: waiting for payment again, with a fresh 30 minutes (the lifecycle sets them).
        if (locked.etat === 'echec_paiement') await move(locked, 'en_attente_paiement', actors.client(clientId), 'nouvelle tentative de paiement')
        return true
      })
      if (!opened) throw conflict(MESSAGES.orderNotPayable)
      log.info({ provider, numero, montant }, 'payment attempt opened')
      return { url: session.url, commande: await answer(numero, clientId) }
    },

    /** A provider's notification: verified on its raw bytes, then applied once. */
    async notify(provider: ProviderName, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<{ statut: WebhookOutcome }> {
      const check = providers[provider].verifyWebhook(rawBody, headers, now())
      if (!check.ok) {
        log.warn({ provider, reason: check.reason, detail: check.detail }, 'payment notification refused')
        // Counted by kind: a well-formed notification with a wrong signature is what a webhook secret
        // changed on one side looks like (alert TerangaPaymentNotificationsRefused); junk anyone can post is not.
        metrics?.payment(provider, check.reason === 'stale' ? 'perimee' : check.reason === 'signature' && check.wellFormed ? 'signature_refusee' : 'malformee')
        if (check.reason === 'malformed') throw badInput(MESSAGES.paymentWebhookInvalid)
        throw unauthenticated(MESSAGES.paymentWebhookSignatureInvalid)
      }
      if (!check.event) return { statut: 'ignore' }
      const event = check.event
      if (event.outcome === 'succeeded' && !(await confirmedByProvider(provider, event))) {
        metrics?.payment(provider, 'non_confirme')
        return { statut: 'non_confirme' }
      }
      const result = await lifecycle.run((scope) => apply(scope, provider, event))
      metrics?.payment(provider, result.outcome)
      const facts = { provider, event: event.eventId, numero: result.numero, attempt: result.attemptId, outcome: result.outcome }
      if (result.outcome === 'a_rembourser') log.warn({ ...facts, montant: event.amount }, 'payment received for an order that cannot take it: refund needed')
      else if (result.outcome === 'ignore' && !result.numero) log.warn(facts, 'payment notification for an unknown attempt ignored')
      else log.info(facts, 'payment notification processed')
      return { statut: result.outcome }
    },
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
