// Wave Checkout (DESIGN §6): `POST /v1/checkout/sessions` answers a `wave_launch_url`; Wave
// then notifies `checkout.session.completed` or `checkout.session.payment_failed`, signed with
// `Wave-Signature: t=<unix>,v1=<hex>` where v1 = HMAC-SHA256(secret, t + raw body).
import { z } from 'zod'
import type { ProviderConfig } from '../../config.ts'
import { getJson, hmacHex, postJson, ProviderError, sameHex, wholeAmount, type PaymentProvider } from './payment-provider.ts'

/** Notifications signed more than this long ago (or ahead) are refused: a captured one cannot be replayed later. */
export const WAVE_SIGNATURE_TOLERANCE_SECONDS = 300

const sessionAnswer = z.object({ id: z.string().min(1).max(200), wave_launch_url: z.url({ protocol: /^https?$/ }) })

const sessionStatus = z.object({
  id: z.string(),
  amount: z.union([z.string(), z.number()]).optional(),
  currency: z.string().optional(),
  payment_status: z.string().optional(),
  checkout_status: z.string().optional(),
})

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  data: z
    .object({
      id: z.string().min(1).max(200),
      amount: z.union([z.string(), z.number()]).optional(),
      currency: z.string().optional(),
      payment_status: z.string().optional(),
    })
    .loose(),
})

/** Whether a body is shaped as Wave's events are (read only to classify a refused signature). */
function isWaveEvent(body: Buffer): boolean {
  try {
    return eventSchema.safeParse(JSON.parse(body.toString('utf8'))).success
  } catch {
    return false
  }
}

/** `t=1639081943,v1=abc…[,v1=def…]` → the timestamp and every v1 signature. */
export function parseWaveSignature(header: string | string[] | undefined): { t: number; v1: string[] } | null {
  if (typeof header !== 'string' || header.length > 2000) return null
  let t: number | null = null
  const v1: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2)
    if (key === 't' && value && /^\d{1,12}$/.test(value)) t = Number(value)
    else if (key === 'v1' && value) v1.push(value)
  }
  return t !== null && v1.length > 0 ? { t, v1 } : null
}

/** The header a genuine Wave notification of `rawBody` carries at `t` (the sandbox and tests sign with it). */
export const waveSignature = (secret: string, rawBody: string | Buffer, t: number) => `t=${t},v1=${hmacHex(secret, Buffer.concat([Buffer.from(String(t)), Buffer.from(rawBody)]))}`

export function createWaveProvider(config: ProviderConfig, timeoutMs: number): PaymentProvider {
  return {
    name: 'wave',

    async createCheckout(request) {
      const answer = await postJson(
        'wave',
        `${config.apiUrl}/v1/checkout/sessions`,
        // The same attempt sent twice (a retried request) opens one session.
        { authorization: `Bearer ${config.apiKey}`, 'idempotency-key': request.reference },
        {
          amount: String(request.amount),
          currency: 'XOF',
          client_reference: request.numero,
          success_url: request.successUrl,
          error_url: request.errorUrl,
        },
        timeoutMs,
      )
      const session = sessionAnswer.safeParse(answer)
      if (!session.success) throw new ProviderError('wave', 'session answer without id or wave_launch_url')
      return { providerRef: session.data.id, url: session.data.wave_launch_url }
    },

    // GET /v1/checkout/sessions/:id: `payment_status` is `succeeded` once the customer has paid.
    async paymentStatus({ providerRef }) {
      const answer = await getJson('wave', `${config.apiUrl}/v1/checkout/sessions/${encodeURIComponent(providerRef)}`, { authorization: `Bearer ${config.apiKey}` }, timeoutMs)
      const session = sessionStatus.safeParse(answer)
      if (!session.success || session.data.id !== providerRef) throw new ProviderError('wave', 'checkout session answer unreadable')
      const { payment_status, checkout_status, amount, currency } = session.data
      const status = payment_status === 'succeeded' ? 'succeeded' : payment_status === 'cancelled' || checkout_status === 'expired' ? 'failed' : 'pending'
      return { status, amount: currency === undefined || currency === 'XOF' ? wholeAmount(amount) : null }
    },

    // POST /v1/checkout/sessions/:id/refund {amount}: that much of a paid session goes back to
    // the payer; the idempotency key makes a retried call the same refund.
    async refund({ providerRef, amount, idempotencyKey }) {
      const answer = await postJson(
        'wave',
        `${config.apiUrl}/v1/checkout/sessions/${encodeURIComponent(providerRef)}/refund`,
        { authorization: `Bearer ${config.apiKey}`, 'idempotency-key': idempotencyKey },
        { amount: String(amount) },
        timeoutMs,
      )
      const id = (answer as { id?: unknown } | null)?.id
      return { refundRef: typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : providerRef }
    },

    verifyWebhook(rawBody, headers, now) {
      const signature = parseWaveSignature(headers['wave-signature'])
      if (!signature) return { ok: false, reason: 'signature', detail: 'missing or malformed Wave-Signature', wellFormed: false }
      const expected = hmacHex(config.secret, Buffer.concat([Buffer.from(String(signature.t)), rawBody]))
      if (!signature.v1.some((v1) => sameHex(expected, v1))) return { ok: false, reason: 'signature', wellFormed: isWaveEvent(rawBody) }
      if (Math.abs(now.getTime() / 1000 - signature.t) > WAVE_SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' }

      let parsed: unknown
      try {
        parsed = JSON.parse(rawBody.toString('utf8'))
      } catch {
        return { ok: false, reason: 'malformed', detail: 'not JSON' }
      }
      const event = eventSchema.safeParse(parsed)
      if (!event.success) return { ok: false, reason: 'malformed', detail: 'not a Wave event' }
      const { id, type, data } = event.data
      const outcome =
        type === 'checkout.session.completed' && data.payment_status === 'succeeded'
          ? 'succeeded'
          : type === 'checkout.session.payment_failed'
            ? 'failed'
            : null
      if (!outcome) return { ok: true, event: null }
      return {
        ok: true,
        event: { eventId: id, providerRef: data.id, outcome, amount: wholeAmount(data.amount), currency: data.currency ?? '', payload: parsed },
      }
    },
  }
}
