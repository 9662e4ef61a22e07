// What the shop asks of a payment provider (DESIGN §6): open a hosted checkout for an amount,
// and tell a genuine notification from a forged, stale or unreadable one. Wave and PayTech
// each implement it over HTTP; without keys they talk to the server's own sandbox.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

export type ProviderName = 'wave' | 'paytech'
export const PROVIDER_NAMES: readonly ProviderName[] = ['wave', 'paytech']

/** Which provider serves each online payment mode; CASH has none. */
export const PROVIDER_FOR_MODE: Readonly<Record<string, ProviderName>> = { WAVE: 'wave', OM: 'paytech', FREE: 'paytech', CARD: 'paytech' }

export interface CheckoutRequest {
  /** The order number, shown to the customer on the provider's page. */
  numero: string
  /** Unique per attempt: what the provider's notifications name the attempt by, when it is ours. */
  reference: string
  /** The payment mode's code (WAVE, OM, FREE, CARD). */
  mode: string
  /** Whole FCFA (XOF has no minor unit). */
  amount: number
  successUrl: string
  errorUrl: string
  notifyUrl: string
}

export interface CheckoutSession {
  /** The provider's name for the attempt, as its notifications give it back (signed). */
  providerRef: string
  /** Where the customer's browser goes to pay. */
  url: string
  /** The provider's own id of the payment, when its status API wants that rather than `providerRef` (PayTech's token). */
  providerToken?: string
}

/** What the provider itself says of a payment, asked before an order is marked paid. */
export interface ProviderPaymentStatus {
  status: 'succeeded' | 'failed' | 'pending'
  /** Whole FCFA, or null when the provider does not say. */
  amount: number | null
}

/** A verified notification about one attempt. */
export interface PaymentEvent {
  /** Unique per event at the provider: a replay carries the same id. */
  eventId: string
  providerRef: string
  outcome: 'succeeded' | 'failed'
  /** Whole FCFA, or null when the notification's amount is not a whole number. */
  amount: number | null
  currency: string
  payload: unknown
}

export type WebhookCheck =
  | { ok: true; event: PaymentEvent | null }
  | {
      ok: false
      reason: 'signature' | 'stale' | 'malformed'
      detail?: string
      /**
       * For a refused signature: whether the rest was what the provider sends (its body's shape, a
       * readable signature). Only such a refusal says a secret no longer matches; anyone can post junk.
       */
      wellFormed?: boolean
    }

export interface PaymentProvider {
  readonly name: ProviderName
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>
  /** A null event: a genuine notification about something the shop does not act on. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): WebhookCheck
  /**
   * Asks the provider for the payment's status (a notification's signature may not cover what
   * it says happened): throws a ProviderError when the provider cannot tell.
   */
  paymentStatus(attempt: { providerRef: string; providerToken: string | null }): Promise<ProviderPaymentStatus>
  /**
   * Gives `amount` of a paid attempt back to the payer (the back office's refund, whole or in
   * part): answers the provider's reference of the refund, or throws a ProviderError when it
   * refuses or fails. The same idempotency key never refunds twice.
   */
  refund(attempt: RefundRequest): Promise<RefundDone>
}

export interface RefundRequest {
  providerRef: string
  providerToken: string | null
  /** Whole FCFA, up to what the attempt brought less what was already refunded. */
  amount: number
  reason: string
  /** Ours, one per refund (ADR 025): a retried call is the same refund to the provider. */
  idempotencyKey: string
}

export interface RefundDone {
  /** The provider's name for the refund, or the attempt's when it gives none. */
  refundRef: string
}

/** The provider failed, refused or did not answer in time; `message` is for the logs only. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'ProviderError'
  }
}

export const hmacHex = (secret: string, message: string | Buffer) => createHmac('sha256', secret).update(message).digest('hex')
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex')

/** Compares two hex digests in constant time (a length mismatch is simply false). */
export function sameHex(expected: string, received: string): boolean {
  if (!/^[0-9a-f]+$/i.test(received) || received.length !== expected.length) return false
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received.toLowerCase(), 'hex'))
}

/** A whole, non-negative amount written as a number or a string ("5000", "5000.00"); else null. */
export function wholeAmount(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  const match = /^(\d{1,12})(?:\.0+)?$/.exec(text)
  return match ? Number(match[1]) : null
}

/** POSTs JSON with a deadline; answers the parsed JSON of a 2xx, or throws a ProviderError. */
export const postJson = (provider: ProviderName, url: string, headers: Record<string, string>, body: unknown, timeoutMs: number) =>
  requestJson(provider, url, headers, body, timeoutMs)

/** GETs JSON with a deadline; answers the parsed JSON of a 2xx, or throws a ProviderError. */
export const getJson = (provider: ProviderName, url: string, headers: Record<string, string>, timeoutMs: number) =>
  requestJson(provider, url, headers, undefined, timeoutMs)

async function requestJson(
  provider: ProviderName,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), accept: 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    throw new ProviderError(provider, timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable', { cause: error })
  }
  const text = await res.text().catch(() => '')
  if (!res.ok) throw new ProviderError(provider, `HTTP ${res.status}: ${text.slice(0, 300)}`)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new ProviderError(provider, 'answer is not JSON', { cause: error })
  }
}
