// The phone's position in tests: jsdom has no navigator.geolocation, so a test installs this
// one and moves the shopper, or refuses the permission. Removed again when the test ends.
import { onTestFinished, vi } from 'vitest'

type Success = (position: GeolocationPosition) => void
type Failure = (error: GeolocationPositionError) => void

function position(lat: number, lng: number): GeolocationPosition {
  const coords = { latitude: lat, longitude: lng, accuracy: 20, altitude: null, altitudeAccuracy: null, heading: null, speed: null }
  return { coords: { ...coords, toJSON: () => coords }, timestamp: Date.now(), toJSON: () => ({ coords, timestamp: 0 }) } as GeolocationPosition
}

function positionError(code: 1 | 2 | 3): GeolocationPositionError {
  return { code, message: code === 1 ? 'User denied Geolocation' : 'Position unavailable', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }
}

export function installFakeGeolocation() {
  const watchers = new Map<number, { success: Success; failure?: Failure | null | undefined }>()
  let nextId = 1
  let answer: { kind: 'at'; lat: number; lng: number } | { kind: 'error'; code: 1 | 2 | 3 } | null = null

  const geolocation = {
    watchPosition: vi.fn((success: Success, failure?: Failure | null) => {
      const id = nextId++
      watchers.set(id, { success, failure })
      // Like a phone that already knows: the first answer comes right after the request.
      if (answer) {
        const now = answer
        queueMicrotask(() => (now.kind === 'at' ? success(position(now.lat, now.lng)) : failure?.(positionError(now.code))))
      }
      return id
    }),
    clearWatch: vi.fn((id: number) => void watchers.delete(id)),
    getCurrentPosition: vi.fn((success: Success, failure?: Failure | null) => {
      const now = answer
      queueMicrotask(() => {
        if (!now) failure?.(positionError(3))
        else if (now.kind === 'at') success(position(now.lat, now.lng))
        else failure?.(positionError(now.code))
      })
    }),
  }
  Object.defineProperty(window.navigator, 'geolocation', { value: geolocation, configurable: true })
  onTestFinished(() => {
    Reflect.deleteProperty(window.navigator, 'geolocation')
  })

  return {
    geolocation,
    /** How many watches are still running. */
    activeWatches: () => watchers.size,
    /** The shopper is (now) at this point: every watch hears it. */
    moveTo(lat: number, lng: number) {
      answer = { kind: 'at', lat, lng }
      for (const { success } of watchers.values()) success(position(lat, lng))
    },
    /** The shopper refuses to share their position. */
    deny() {
      answer = { kind: 'error', code: 1 }
      for (const { failure } of watchers.values()) failure?.(positionError(1))
    },
  }
}
