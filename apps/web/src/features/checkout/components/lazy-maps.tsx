// The maps as the checkout screens use them: Leaflet's chunk is fetched only when a map is
// shown, in the browser only (Leaflet needs `window`; the server's page keeps the space), and
// a map that cannot load says so in a line while the list next to it goes on working.
import { Component, lazy, Suspense, useSyncExternalStore, type ComponentProps, type ReactNode } from 'react'
import { MESSAGES } from '@teranga/shared/messages'
import { MAP_HEIGHT } from './map-size.ts'

const PositionPickerMap = lazy(() => import('./leaflet-maps.tsx').then((m) => ({ default: m.PositionPickerMap })))
const DepotMap = lazy(() => import('./leaflet-maps.tsx').then((m) => ({ default: m.DepotMap })))

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (this.state.failed) return <p className="small text-body-secondary mb-2">{MESSAGES.mapUnavailable}</p>
    return this.props.children
  }
}

const noop = () => () => {}
/** False while the server renders and while the browser hydrates its markup, then true. */
const useInBrowser = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  )

function MapSlot({ children }: { children: ReactNode }) {
  const inBrowser = useInBrowser()
  const placeholder = (
    <div className="mb-2 rounded border bg-body-tertiary d-flex align-items-center justify-content-center small text-body-secondary" style={{ height: MAP_HEIGHT }}>
      Chargement de la carte…
    </div>
  )
  if (!inBrowser) return placeholder
  return (
    <MapBoundary>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </MapBoundary>
  )
}

export function LazyPositionPickerMap(props: ComponentProps<typeof PositionPickerMap>) {
  return (
    <MapSlot>
      <PositionPickerMap {...props} />
    </MapSlot>
  )
}

export function LazyDepotMap(props: ComponentProps<typeof DepotMap>) {
  return (
    <MapSlot>
      <DepotMap {...props} />
    </MapSlot>
  )
}
