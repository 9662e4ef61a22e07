// The shopper's position from the phone: followed continuously while a screen needs it
// (watchPosition, cleared on unmount), or asked once ("Utiliser ma position"). A refusal or a
// phone without location is a normal outcome, reported as a status, never thrown at the page.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { LatLng } from './delivery-context.ts'

export type GeolocationStatus = 'pending' | 'located' | 'denied' | 'unavailable'

/** GeolocationPositionError.PERMISSION_DENIED. */
const PERMISSION_DENIED = 1
const OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 60_000, timeout: 20_000 }

const toLatLng = (position: GeolocationPosition): LatLng => ({ lat: position.coords.latitude, lng: position.coords.longitude })

const geolocation = (): Geolocation | undefined => (typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : undefined)
const noSubscription = () => () => {}

/** Follows the position while `enabled`; each fix goes to `onPosition`. */
export function useWatchedPosition(enabled: boolean, onPosition: (position: LatLng) => void): GeolocationStatus {
  const [status, setStatus] = useState<GeolocationStatus>('pending')
  const [watching, setWatching] = useState(enabled)
  // The server renders as if the phone could locate itself; the browser then says if it can.
  const available = useSyncExternalStore(noSubscription, () => geolocation() !== undefined, () => true)
  const latest = useRef(onPosition)
  useEffect(() => {
    latest.current = onPosition
  })

  // Watching again starts from 'pending' (set while rendering, not in an effect).
  if (enabled !== watching) {
    setWatching(enabled)
    if (enabled) setStatus('pending')
  }

  useEffect(() => {
    const api = geolocation()
    if (!enabled || !api) return
    const id = api.watchPosition(
      (position) => {
        setStatus('located')
        latest.current(toLatLng(position))
      },
      (error) => {
        // A timeout while already located keeps the last fix; the watch goes on.
        if (error.code === PERMISSION_DENIED) setStatus('denied')
        else setStatus((current) => (current === 'located' ? current : 'unavailable'))
      },
      OPTIONS,
    )
    return () => api.clearWatch(id)
  }, [enabled])

  return enabled && !available ? 'unavailable' : status
}

/** The position once; rejects with 'denied' or 'unavailable'. */
export function requestPosition(): Promise<LatLng> {
  const api = geolocation()
  if (!api) return Promise.reject(new Error('unavailable'))
  return new Promise((resolve, reject) => {
    api.getCurrentPosition(
      (position) => resolve(toLatLng(position)),
      (error) => reject(new Error(error.code === PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { ...OPTIONS, enableHighAccuracy: true },
    )
  })
}
