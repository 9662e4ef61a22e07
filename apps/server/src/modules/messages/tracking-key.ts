// The tracking links' key (ADR 034): an HMAC of the order's number, so that the link in a
// message opens that order's tracking page without signing in, and no other.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** 22 base64url characters (132 bits): short enough for an SMS, far beyond guessing. */
export const trackingKey = (secret: string, numero: string) => createHmac('sha256', secret).update(`suivi:${numero}`).digest('base64url').slice(0, 22)

export function trackingKeyMatches(secret: string, numero: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || given.length !== 22) return false
  return timingSafeEqual(Buffer.from(trackingKey(secret, numero)), Buffer.from(given))
}

/**
 * The key of a dearer substitute's acceptance link (ADR 055): the same HMAC for another purpose,
 * so that the tracking link's key cannot accept a supplement, nor this one open the tracking.
 */
export const supplementKey = (secret: string, numero: string) => createHmac('sha256', secret).update(`supplement:${numero}`).digest('base64url').slice(0, 22)

export function supplementKeyMatches(secret: string, numero: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || given.length !== 22) return false
  return timingSafeEqual(Buffer.from(supplementKey(secret, numero)), Buffer.from(given))
}
