// Whether a CSS media query matches now, followed as the window changes: for the few screens
// that show phones another component, not only other styles (the orders list's cards).
import { useSyncExternalStore } from 'react'

/** Below Bootstrap's md breakpoint: the phones the owners run the shop from (360–390 px). */
export const PHONE_QUERY = '(max-width: 767.98px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}
