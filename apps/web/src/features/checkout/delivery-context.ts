// The delivery context of spec §3 (client-side): who is ordering, where they are, the address,
// the delivery mode, the depot, the payment mode and the order's Idempotency-Key. Kept in
// sessionStorage, so a reload in the middle of the checkout loses nothing; cleared once the
// order is placed. The server rendering sees it empty (pages are the same for everyone).
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { isDeliveryModeCode, type DeliveryModeCode } from '@teranga/shared/constants'
import { storedValue } from '@/lib/storage.ts'

export interface LatLng {
  lat: number
  lng: number
}


/** The address the order goes to: a saved one (`id`) or one typed for this order. */
export interface DeliveryAddress {
  id: number | null
  libelle: string | null
  adresse: string
  zone: { id: number; designation: string; frais: number }
  telephone: string
  latitude: number | null
  longitude: number | null
  /** The landmark for the courier (issue 25 §3); absent from a context stored by the previous release. */
  repere?: string | null
}

export interface DeliveryContext {
  /** The customer the context belongs to: another customer in the same tab starts afresh. */
  userId: number | null
  /** Where the shopper is (continuous geolocation), for the nearest depot. */
  currentPosition: LatLng | null
  /** The point placed on the map (or taken from the phone) for a typed address. */
  otherPosition: LatLng | null
  address: DeliveryAddress | null
  deliveryMode: DeliveryModeCode | null
  depot: number | null
  /** The depot was picked as the nearest, not by the shopper: it follows their position. */
  depotIsNearest: boolean
  /** The phone the order is placed with (the address's, or the one given for a pickup). */
  telephone: string | null
  /** The payment mode's code (CASH, WAVE…). */
  paymentMode: string | null
  /** One per checkout attempt: a double click or a retry after a network error reuses it. */
  idempotencyKey: string | null
}

export const EMPTY_DELIVERY_CONTEXT: DeliveryContext = {
  userId: null,
  currentPosition: null,
  otherPosition: null,
  address: null,
  deliveryMode: null,
  depot: null,
  depotIsNearest: false,
  telephone: null,
  paymentMode: null,
  idempotencyKey: null,
}

export const DELIVERY_CONTEXT_KEY = 'teranga.livraison'

const store = storedValue(DELIVERY_CONTEXT_KEY, 'sessionStorage')

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isLatLng = (value: unknown): value is LatLng =>
  typeof value === 'object' && value !== null && isNumber((value as LatLng).lat) && isNumber((value as LatLng).lng)
const isAddress = (value: unknown): value is DeliveryAddress => {
  if (typeof value !== 'object' || value === null) return false
  const a = value as DeliveryAddress
  return typeof a.adresse === 'string' && typeof a.telephone === 'string' && typeof a.zone === 'object' && a.zone !== null && isNumber(a.zone.id) && isNumber(a.zone.frais)
}
const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null)

/** What is stored, checked field by field: a damaged or older entry gives its usable parts. */
function parse(raw: string | null): DeliveryContext {
  if (!raw) return EMPTY_DELIVERY_CONTEXT
  let value: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null) return EMPTY_DELIVERY_CONTEXT
    value = parsed as Record<string, unknown>
  } catch {
    return EMPTY_DELIVERY_CONTEXT
  }
  const mode = value['deliveryMode']
  return {
    userId: isNumber(value['userId']) ? value['userId'] : null,
    currentPosition: isLatLng(value['currentPosition']) ? value['currentPosition'] : null,
    otherPosition: isLatLng(value['otherPosition']) ? value['otherPosition'] : null,
    address: isAddress(value['address']) ? value['address'] : null,
    deliveryMode: typeof mode === 'string' && isDeliveryModeCode(mode) ? mode : null,
    depot: isNumber(value['depot']) ? value['depot'] : null,
    depotIsNearest: value['depotIsNearest'] === true,
    telephone: stringOrNull(value['telephone']),
    paymentMode: stringOrNull(value['paymentMode']),
    idempotencyKey: stringOrNull(value['idempotencyKey']),
  }
}

// One parsed object per stored string: React compares snapshots by identity.
let lastRaw: string | null = null
let lastValue: DeliveryContext = EMPTY_DELIVERY_CONTEXT
function snapshot(): DeliveryContext {
  const raw = store.get()
  if (raw !== lastRaw) {
    lastRaw = raw
    lastValue = parse(raw)
  }
  return lastValue
}
const serverSnapshot = () => EMPTY_DELIVERY_CONTEXT

export function clearDeliveryContext(): void {
  store.clear()
}

/** A key for POST /api/commande's Idempotency-Key header. */
export function newIdempotencyKey(): string {
  // randomUUID exists only on secure pages (https, localhost): a phone on the shop's LAN
  // address still gets 128 random bits.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export type DeliveryContextPatch = Partial<Omit<DeliveryContext, 'userId'>>

/**
 * The signed-in customer's delivery context and its setters. A context left by another
 * customer in this tab reads as empty and is replaced at the first change.
 */
export function useDeliveryContext(userId: number) {
  const stored = useSyncExternalStore(store.subscribe, snapshot, serverSnapshot)
  const context = useMemo(() => (stored.userId === userId ? stored : { ...EMPTY_DELIVERY_CONTEXT, userId }), [stored, userId])

  const update = useCallback(
    (patch: DeliveryContextPatch | ((current: DeliveryContext) => DeliveryContextPatch)) => {
      // Read at the moment of the change, so two quick changes do not undo each other.
      const latest = snapshot()
      const current = latest.userId === userId ? latest : { ...EMPTY_DELIVERY_CONTEXT, userId }
      const changes = typeof patch === 'function' ? patch(current) : patch
      store.set(JSON.stringify({ ...current, ...changes, userId }))
    },
    [userId],
  )

  return { context, update, clear: clearDeliveryContext }
}
