// The built-in stand-in for Wave and PayTech (DESIGN §6), mounted when a provider has no keys:
// the same HTTP API as the real one (so the real adapters talk to it), a French checkout page
// per session, and, once a button is pressed, the provider's signed notification sent over
// HTTP to the shop's webhook before the browser is sent back to the shop. Each provider's status
// API answers too (the shop asks it before marking an order paid).
// Sessions and keys live in PostgreSQL, so that a staging shop of several instances works: a
// session created on one is paid on another (ADR 066). Open sessions are bounded and swept.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { MESSAGES } from '@teranga/shared/server-messages'
import type { Config } from '../../config.ts'
import { sha256Hex } from './payment-provider.ts'
import { createPaymentSandboxRepository, type SandboxSession } from './payment-sandbox.repository.ts'
import { checkoutPage, messagePage } from './payment-sandbox-page.ts'
import { paytechHmac } from './paytech.provider.ts'
import { waveSignature } from './wave.provider.ts'

const refundAmount = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : Number(value))

const httpUrl = z.url({ protocol: /^https?$/ })

const waveSessionBody = z.object({
  amount: z.string().regex(/^[1-9]\d{0,11}$/),
  currency: z.literal('XOF'),
  client_reference: z.string().max(255).optional(),
  success_url: httpUrl,
  error_url: httpUrl,
})

const paytechRequestBody = z.object({
  item_name: z.string().min(1).max(300),
  item_price: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,11}$/).transform(Number)]),
  currency: z.literal('XOF').default('XOF'),
  ref_command: z.string().min(1).max(200),
  command_name: z.string().min(1).max(300),
  env: z.enum(['test', 'prod']).default('prod'),
  ipn_url: httpUrl,
  success_url: httpUrl,
  cancel_url: httpUrl,
  custom_field: z.string().max(2000).optional(),
  target_payment: z.string().max(200).optional(),
})

// `notify: 'false'` decides without sending the notification: a lost notification, to try by hand.
const decisionBody = z.object({ decision: z.enum(['approve', 'decline']), notify: z.enum(['true', 'false']).optional() })

function sameSecret(expected: string, received: unknown): boolean {
  if (typeof received !== 'string') return false
  const a = Buffer.from(expected)
  const b = Buffer.from(received)
  return a.length === b.length && timingSafeEqual(a, b)
}

const token = (bytes: number) => randomBytes(bytes).toString('hex')

export default async function paymentSandboxRoutes(app: FastifyInstance, opts: { config: Config; payments: Config['payments']; timeoutMs: number }) {
  const { publicUrl } = opts.config
  // The keys every instance shares (ADR 066), not this process's draw.
  const { payments } = opts
  const sessions = createPaymentSandboxRepository(app.db)

  // The page's buttons post an ordinary form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  /** The page, with a policy that lets its form lead back to the shop's return addresses. */
  function showPage(reply: FastifyReply, session: SandboxSession | undefined) {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    if (!session) return reply.status(404).send(messagePage(MESSAGES.sandboxSessionUnknown))
    if (session.status !== 'open') return reply.status(409).send(messagePage(MESSAGES.sandboxSessionClosed))
    const returns = [...new Set([session.successUrl, session.errorUrl].map((url) => new URL(url).origin))].join(' ')
    reply.header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${returns}; frame-ancestors 'none'; base-uri 'none'`,
    )
    return reply.send(
      checkoutPage({ provider: session.provider === 'wave' ? 'Wave' : 'PayTech', amount: session.amount, commande: session.commande }),
    )
  }

  /** Sends the notification, then the browser back to the shop (whatever the shop answered: the return page asks the server). */
  async function decide(reply: FastifyReply, found: SandboxSession | undefined, body: unknown, notify: (s: SandboxSession, approved: boolean) => Promise<Response>) {
    const decision = decisionBody.safeParse(body)
    if (!found || found.status !== 'open' || !decision.success) return showPage(reply, found)
    const approved = decision.data.decision === 'approve'
    // Decided once, whichever instance's page was pressed first.
    const session = await sessions.decide(found.id, approved ? 'approved' : 'declined')
    if (!session) return showPage(reply, await sessions.find(found.id))
    if (decision.data.notify === 'false') return reply.redirect(approved ? session.successUrl : session.errorUrl, 303)
    try {
      const res = await notify(session, approved)
      if (!res.ok) app.log.warn({ session: session.id, status: res.status }, 'sandbox notification not accepted by the shop')
    } catch (err) {
      app.log.warn({ err, session: session.id }, 'sandbox notification could not be delivered')
    }
    return reply.redirect(approved ? session.successUrl : session.errorUrl, 303)
  }

  const post = (url: string, headers: Record<string, string>, body: string) =>
    fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(opts.timeoutMs), redirect: 'error' })

  if (payments.wave.sandbox) {
    const wave = payments.wave
    const pageUrl = (id: string) => `${publicUrl}/sandbox/wave/c/${id}`

    app.post('/wave/v1/checkout/sessions', async (request, reply) => {
      if (!sameSecret(`Bearer ${wave.apiKey}`, request.headers.authorization)) {
        return reply.status(401).send({ code: 'invalid-auth', message: 'Invalid API key.' })
      }
      const parsed = waveSessionBody.safeParse(request.body)
      if (!parsed.success) return reply.status(400).send({ code: 'request-validation-error', message: parsed.error.issues[0]?.message })
      const body = parsed.data
      const session = await sessions.create({
        id: `cos-sandbox-${token(10)}`,
        provider: 'wave',
        amount: Number(body.amount),
        commande: body.client_reference ?? '—',
        reference: body.client_reference ?? '',
        successUrl: body.success_url,
        errorUrl: body.error_url,
        extra: {},
      })
      if (!session) return reply.status(429).send({ code: 'rate-limit-exceeded', message: 'Too many open checkout sessions.' })
      return {
        id: session.id,
        amount: body.amount,
        currency: 'XOF',
        business_name: 'Teranga (bac à sable)',
        checkout_status: 'open',
        payment_status: 'processing',
        client_reference: body.client_reference ?? null,
        success_url: body.success_url,
        error_url: body.error_url,
        wave_launch_url: pageUrl(session.id),
        when_created: session.createdAt.toISOString(),
        when_expires: new Date(session.createdAt.getTime() + 30 * 60_000).toISOString(),
      }
    })

    app.get<{ Params: { id: string } }>('/wave/v1/checkout/sessions/:id', async (request, reply) => {
      if (!sameSecret(`Bearer ${wave.apiKey}`, request.headers.authorization)) {
        return reply.status(401).send({ code: 'invalid-auth', message: 'Invalid API key.' })
      }
      const session = await sessions.find(request.params.id, 'wave')
      if (!session) return reply.status(404).send({ code: 'not-found', message: 'Checkout session not found.' })
      return {
        id: session.id,
        amount: String(session.amount),
        currency: 'XOF',
        checkout_status: session.status === 'approved' ? 'complete' : 'open',
        payment_status: session.status === 'approved' ? 'succeeded' : session.status === 'declined' ? 'cancelled' : 'processing',
        client_reference: session.reference || null,
        when_created: session.createdAt.toISOString(),
      }
    })

    // A paid session refunded up to its amount, in parts; anything else refused as Wave would.
    app.post<{ Params: { id: string }; Body: { amount?: unknown } | null }>('/wave/v1/checkout/sessions/:id/refund', async (request, reply) => {
      if (!sameSecret(`Bearer ${wave.apiKey}`, request.headers.authorization)) {
        return reply.status(401).send({ code: 'invalid-auth', message: 'Invalid API key.' })
      }
      const session = await sessions.find(request.params.id, 'wave')
      if (!session) return reply.status(404).send({ code: 'not-found', message: 'Checkout session not found.' })
      const amount = refundAmount(request.body?.amount)
      const done = await sessions.refund(session.id, String(request.headers['idempotency-key'] ?? `whole-${session.id}`), amount)
      if (!done.ok) return reply.status(409).send({ code: 'checkout-refund-failed', message: 'This session cannot be refunded.' })
      return { id: done.id, checkout_session_id: session.id, amount: String(amount ?? session.amount), currency: 'XOF' }
    })

    app.get<{ Params: { id: string } }>('/wave/c/:id', async (request, reply) => showPage(reply, await sessions.find(request.params.id, 'wave')))

    app.post<{ Params: { id: string } }>('/wave/c/:id', async (request, reply) =>
      decide(reply, await sessions.find(request.params.id, 'wave'), request.body, (session, approved) => {
        const now = new Date()
        const event = {
          id: `AE_sandbox_${token(8)}`,
          type: approved ? 'checkout.session.completed' : 'checkout.session.payment_failed',
          data: {
            id: session.id,
            amount: String(session.amount),
            currency: 'XOF',
            business_name: 'Teranga (bac à sable)',
            client_reference: session.reference || null,
            checkout_status: approved ? 'complete' : 'open',
            payment_status: approved ? 'succeeded' : 'failed',
            success_url: session.successUrl,
            error_url: session.errorUrl,
            wave_launch_url: pageUrl(session.id),
            transaction_id: approved ? `T_SANDBOX_${token(6).toUpperCase()}` : null,
            last_payment_error: approved ? null : { code: 'payment-failure', message: 'Refusé dans le bac à sable' },
            when_created: session.createdAt.toISOString(),
            when_completed: now.toISOString(),
          },
        }
        const body = JSON.stringify(event)
        return post(`${publicUrl}/api/paiement/webhook/wave`, { 'content-type': 'application/json', 'wave-signature': waveSignature(wave.secret, body, Math.floor(now.getTime() / 1000)) }, body)
      }),
    )
  }

  if (payments.paytech.sandbox) {
    const paytech = payments.paytech
    const pageUrl = (id: string) => `${publicUrl}/sandbox/paytech/payment/checkout/${id}`

    app.post('/paytech/payment/request-payment', async (request, reply) => {
      if (!sameSecret(paytech.apiKey, request.headers.api_key) || !sameSecret(paytech.secret, request.headers.api_secret)) {
        return reply.status(401).send({ success: -1, message: "Le vendeur n'existe pas ou clé api invalide" })
      }
      const parsed = paytechRequestBody.safeParse(request.body)
      if (!parsed.success) {
        return reply.status(400).send({ success: 0, message: 'Format de requete invalid', error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) })
      }
      const body = parsed.data
      let commande = body.ref_command
      try {
        const custom = JSON.parse(body.custom_field ?? '{}') as { commande?: unknown }
        if (typeof custom.commande === 'string') commande = custom.commande
      } catch {
        // A custom field that is not JSON: the page names the order by its reference.
      }
      const session = await sessions.create({
        id: token(10),
        provider: 'paytech',
        amount: body.item_price,
        commande,
        reference: body.ref_command,
        successUrl: body.success_url,
        errorUrl: body.cancel_url,
        extra: {
          item_name: body.item_name,
          command_name: body.command_name,
          env: body.env,
          custom_field: body.custom_field ?? '',
          payment_method: body.target_payment?.split(',')[0]?.trim() || 'Orange Money',
        },
      })
      if (!session) return reply.status(429).send({ success: 0, message: 'Trop de paiements en cours, réessayez plus tard' })
      return { success: 1, token: session.id, redirect_url: pageUrl(session.id), redirectUrl: pageUrl(session.id) }
    })

    app.get<{ Querystring: { token_payment?: string } }>('/paytech/payment/get-status', async (request, reply) => {
      if (!sameSecret(paytech.apiKey, request.headers.api_key) || !sameSecret(paytech.secret, request.headers.api_secret)) {
        return reply.status(401).send({ success: -1, message: "Le vendeur n'existe pas ou clé api invalide" })
      }
      const session = await sessions.find(String(request.query.token_payment ?? ''), 'paytech')
      if (!session) return reply.status(404).send({ success: 0, message: 'Paiement introuvable' })
      return {
        success: 1,
        type_event: session.status === 'approved' ? 'sale_complete' : session.status === 'declined' ? 'sale_canceled' : 'sale_pending',
        ref_command: session.reference,
        item_price: session.amount,
        currency: 'XOF',
        token: session.id,
      }
    })

    app.post<{ Body: { ref_command?: unknown; amount?: unknown; refund_ref?: unknown } }>('/paytech/payment/refund-payment', async (request, reply) => {
      if (!sameSecret(paytech.apiKey, request.headers.api_key) || !sameSecret(paytech.secret, request.headers.api_secret)) {
        return reply.status(401).send({ success: -1, message: "Le vendeur n'existe pas ou clé api invalide" })
      }
      const reference = String(request.body?.ref_command ?? '')
      const session = await sessions.findPaytech(reference)
      if (!session) return reply.status(404).send({ success: 0, message: 'Paiement introuvable' })
      const done = await sessions.refund(session.id, String(request.body?.refund_ref ?? `whole-${session.id}`), refundAmount(request.body?.amount))
      if (!done.ok) return { success: 0, message: 'Ce paiement ne peut pas être remboursé' }
      return { success: 1, message: 'Remboursement effectué' }
    })

    app.get<{ Params: { id: string } }>('/paytech/payment/checkout/:id', async (request, reply) => showPage(reply, await sessions.find(request.params.id, 'paytech')))

    app.post<{ Params: { id: string } }>('/paytech/payment/checkout/:id', async (request, reply) =>
      decide(reply, await sessions.find(request.params.id, 'paytech'), request.body, (session, approved) => {
        const ipn = new URLSearchParams({
          type_event: approved ? 'sale_complete' : 'sale_canceled',
          ref_command: session.reference,
          item_name: session.extra.item_name ?? '',
          item_price: String(session.amount),
          currency: 'XOF',
          command_name: session.extra.command_name ?? '',
          token: session.id,
          env: session.extra.env ?? 'test',
          payment_method: session.extra.payment_method ?? '',
          client_phone: '221770000000',
          custom_field: Buffer.from(session.extra.custom_field ?? '').toString('base64'),
          api_key_sha256: sha256Hex(paytech.apiKey),
          api_secret_sha256: sha256Hex(paytech.secret),
          hmac_compute: paytechHmac(paytech.apiKey, paytech.secret, session.amount, session.reference),
        })
        return post(`${publicUrl}/api/paiement/webhook/paytech`, { 'content-type': 'application/x-www-form-urlencoded' }, ipn.toString())
      }),
    )
  }
}
