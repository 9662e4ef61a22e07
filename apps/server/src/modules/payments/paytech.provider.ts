// PayTech (DESIGN §6) for Orange Money, Free Money and cards: `POST /payment/request-payment`
// answers a `redirect_url`; PayTech then posts an IPN (`sale_complete` or `sale_canceled`),
// form-encoded or JSON, with hmac_compute = HMAC-SHA256(API_SECRET, "<item_price>|<ref_command>|<API_KEY>").
import { z } from 'zod'
import type { ProviderConfig } from '../../config.ts'
import { getJson, hmacHex, postJson, ProviderError, sameHex, sha256Hex, wholeAmount, type PaymentProvider } from './payment-provider.ts'

/** PayTech's names for the methods its page should offer first. */
const TARGET_PAYMENT: Readonly<Record<string, string>> = { OM: 'Orange Money', FREE: 'Free Money', CARD: 'Carte Bancaire' }

const requestAnswer = z.object({ success: z.literal(1), token: z.string().min(1).max(200), redirect_url: z.url({ protocol: /^https?$/ }) })

const ipnSchema = z
  .object({
    type_event: z.string().min(1).max(50),
    ref_command: z.string().min(1).max(200),
    item_price: z.union([z.string().max(30), z.number()]),
    currency: z.string().max(10).optional(),
    hmac_compute: z.string().max(200).optional(),
    api_key_sha256: z.string().max(200).optional(),
    api_secret_sha256: z.string().max(200).optional(),
  })
  .loose()

// The status answer is loosely documented: the event type, or a status word, at the top level
// or under `payment`. Anything else is not a completed sale.
const statusAnswer = z
  .object({
    success: z.union([z.number(), z.string()]),
    type_event: z.string().optional(),
    status: z.string().optional(),
    item_price: z.union([z.string(), z.number()]).optional(),
    payment: z.object({ type_event: z.string().optional(), status: z.string().optional(), item_price: z.union([z.string(), z.number()]).optional() }).loose().optional(),
  })
  .loose()

const COMPLETED = new Set(['sale_complete', 'completed', 'success'])
const CANCELED = new Set(['sale_canceled', 'canceled', 'cancelled', 'failed'])

/** The hmac_compute of a genuine IPN (the sandbox and tests sign with it). */
export const paytechHmac = (apiKey: string, apiSecret: string, itemPrice: string | number, refCommand: string) =>
  hmacHex(apiSecret, `${itemPrice}|${refCommand}|${apiKey}`)

/** An IPN body as an object: JSON, or `application/x-www-form-urlencoded`. */
function parseIpn(rawBody: Buffer, contentType: string | undefined): unknown {
  const text = rawBody.toString('utf8')
  if (/^application\/json\b/i.test(contentType ?? '') || text.trimStart().startsWith('{')) return JSON.parse(text)
  return Object.fromEntries(new URLSearchParams(text))
}

export function createPaytechProvider(config: ProviderConfig, timeoutMs: number): PaymentProvider {
  return {
    name: 'paytech',

    async createCheckout(request) {
      const answer = await postJson(
        'paytech',
        `${config.apiUrl}/payment/request-payment`,
        { API_KEY: config.apiKey, API_SECRET: config.secret },
        {
          item_name: `Commande ${request.numero}`,
          item_price: request.amount,
          currency: 'XOF',
          ref_command: request.reference,
          command_name: `Commande ${request.numero} sur Teranga`,
          env: config.sandbox ? 'test' : 'prod',
          ipn_url: request.notifyUrl,
          success_url: request.successUrl,
          cancel_url: request.errorUrl,
          custom_field: JSON.stringify({ commande: request.numero }),
          ...(TARGET_PAYMENT[request.mode] ? { target_payment: TARGET_PAYMENT[request.mode] } : {}),
        },
        timeoutMs,
      )
      const parsed = requestAnswer.safeParse(answer)
      if (!parsed.success) {
        const message = typeof (answer as { message?: unknown })?.message === 'string' ? (answer as { message: string }).message : 'no redirect_url'
        throw new ProviderError('paytech', `payment request refused: ${message.slice(0, 200)}`)
      }
      // Notifications name the attempt by our ref_command, which the signature covers (the token is not signed).
      return { providerRef: request.reference, url: parsed.data.redirect_url, providerToken: parsed.data.token }
    },

    // GET /payment/get-status?token_payment=<token>, with the token request-payment answered.
    async paymentStatus({ providerToken }) {
      if (!providerToken) throw new ProviderError('paytech', 'no payment token recorded for this attempt')
      const answer = await getJson(
        'paytech',
        `${config.apiUrl}/payment/get-status?token_payment=${encodeURIComponent(providerToken)}`,
        { API_KEY: config.apiKey, API_SECRET: config.secret },
        timeoutMs,
      )
      const parsed = statusAnswer.safeParse(answer)
      if (!parsed.success || Number(parsed.data.success) !== 1) throw new ProviderError('paytech', 'status answer unreadable or refused')
      const words = [parsed.data.type_event, parsed.data.status, parsed.data.payment?.type_event, parsed.data.payment?.status].filter((w): w is string => !!w)
      const status = words.some((w) => COMPLETED.has(w)) ? 'succeeded' : words.some((w) => CANCELED.has(w)) ? 'failed' : 'pending'
      return { status, amount: wholeAmount(parsed.data.item_price ?? parsed.data.payment?.item_price) }
    },

    // POST /payment/refund-payment {ref_command, amount, refund_ref}: PayTech refunds that much of
    // the sale named by our ref_command, once per refund_ref, and answers success 1 once it has
    // accepted it.
    async refund({ providerRef, amount, idempotencyKey }) {
      const answer = await postJson(
        'paytech',
        `${config.apiUrl}/payment/refund-payment`,
        { API_KEY: config.apiKey, API_SECRET: config.secret },
        { ref_command: providerRef, amount, refund_ref: idempotencyKey },
        timeoutMs,
      )
      const success = (answer as { success?: unknown } | null)?.success
      if (Number(success) !== 1) {
        const message = (answer as { message?: unknown } | null)?.message
        throw new ProviderError('paytech', `refund refused: ${typeof message === 'string' ? message.slice(0, 200) : 'no message'}`)
      }
      return { refundRef: providerRef }
    },

    verifyWebhook(rawBody, headers) {
      let body: unknown
      try {
        body = parseIpn(rawBody, headers['content-type'])
      } catch {
        return { ok: false, reason: 'malformed', detail: 'not JSON' }
      }
      const ipn = ipnSchema.safeParse(body)
      if (!ipn.success) return { ok: false, reason: 'malformed', detail: 'not a PayTech IPN' }
      const { type_event, ref_command, item_price, currency, hmac_compute, api_key_sha256, api_secret_sha256 } = ipn.data
      // The HMAC is required: the static key hashes alone, once seen, would sign anything.
      if (!hmac_compute) return { ok: false, reason: 'signature', detail: 'no hmac_compute', wellFormed: false }
      if (!sameHex(paytechHmac(config.apiKey, config.secret, item_price, ref_command), hmac_compute)) return { ok: false, reason: 'signature', wellFormed: true }
      if (api_key_sha256 !== undefined && !sameHex(sha256Hex(config.apiKey), api_key_sha256)) return { ok: false, reason: 'signature', wellFormed: true }
      if (api_secret_sha256 !== undefined && !sameHex(sha256Hex(config.secret), api_secret_sha256)) return { ok: false, reason: 'signature', wellFormed: true }

      const outcome = type_event === 'sale_complete' ? 'succeeded' : type_event === 'sale_canceled' ? 'failed' : null
      if (!outcome) return { ok: true, event: null }
      return {
        ok: true,
        event: {
          // PayTech sends no event id: the event is its type and the (signed) reference of the attempt.
          eventId: `${type_event}:${ref_command}`,
          providerRef: ref_command,
          outcome,
          amount: wholeAmount(item_price),
          currency: currency ?? 'XOF',
          // Kept for the record without the key hashes: they are as good as the keys to anyone who
          // accepts PayTech's hash-only check.
          payload: Object.fromEntries(Object.entries(ipn.data).filter(([name]) => name !== 'api_key_sha256' && name !== 'api_secret_sha256')),
        },
      }
    },
  }
}
