// The checkout's maps (Leaflet, OpenStreetMap tiles), in their own chunk: the point of a new
// address, and the pickup depots. They help; the fields and the list beside them are the real
// controls, so a map whose tiles cannot load (no network, blocked) changes nothing.
import 'leaflet/dist/leaflet.css'
import { icon, type LeafletMouseEvent } from 'leaflet'
// The marker images come from the bundle (a CDN may be unreachable, and the CSP forbids it).
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png'
import iconUrl from 'leaflet/dist/images/marker-icon.png'
import shadowUrl from 'leaflet/dist/images/marker-shadow.png'
import { useEffect } from 'react'
import { CircleMarker, MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet'
import type { Depot } from '@teranga/shared/storefront-answers'
import type { LatLng } from '../delivery-context.ts'
import { MAP_HEIGHT } from './map-size.ts'

const markerIcon = icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
})
// The same marker, larger, for the chosen depot.
const selectedIcon = icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [33, 54],
  iconAnchor: [16, 54],
  tooltipAnchor: [20, -36],
  shadowSize: [54, 54],
})

/** Dakar's centre, when there is nothing else to show. */
const DAKAR: [number, number] = [14.7167, -17.4677]
// The CSP allows the lettered tile hosts (img-src https://*.tile.openstreetmap.org).
const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'

function ClickToPick({ onPick }: { onPick: (position: LatLng) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) })
  return null
}

/** Keeps a point in view when it changes (a position from the phone, another depot chosen). */
function FollowPoint({ point }: { point: LatLng | null }) {
  const map = useMap()
  const lat = point?.lat
  const lng = point?.lng
  useEffect(() => {
    if (lat === undefined || lng === undefined) return
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng])
  }, [map, lat, lng])
  return null
}

function MapFrame({ label, center, zoom, children }: { label: string; center: [number, number]; zoom: number; children: React.ReactNode }) {
  return (
    <div role="region" aria-label={label} className="mb-2 rounded overflow-hidden border" style={{ height: MAP_HEIGHT }}>
      <MapContainer center={center} zoom={zoom} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
        <TileLayer url={TILES} attribution={ATTRIBUTION} subdomains="abc" />
        {children}
      </MapContainer>
    </div>
  )
}

export function PositionPickerMap({ label, position, onPick }: { label: string; position: LatLng | null; onPick: (position: LatLng) => void }) {
  return (
    <MapFrame label={label} center={position ? [position.lat, position.lng] : DAKAR} zoom={position ? 15 : 12}>
      <ClickToPick onPick={onPick} />
      <FollowPoint point={position} />
      {position && (
        <Marker
          position={[position.lat, position.lng]}
          icon={markerIcon}
          draggable
          eventHandlers={{
            dragend: (event) => {
              const { lat, lng } = (event.target as { getLatLng(): { lat: number; lng: number } }).getLatLng()
              onPick({ lat, lng })
            },
          }}
        />
      )}
    </MapFrame>
  )
}

export function DepotMap({
  label,
  depots,
  selected,
  current,
  onSelect,
}: {
  label: string
  depots: readonly Depot[]
  selected: number | null
  current: LatLng | null
  onSelect: (depotId: number) => void
}) {
  const chosen = depots.find((d) => d.id === selected)
  return (
    <MapFrame label={label} center={chosen ? [chosen.latitude, chosen.longitude] : DAKAR} zoom={12}>
      <FollowPoint point={chosen ? { lat: chosen.latitude, lng: chosen.longitude } : null} />
      {depots.map((depot) => (
        <Marker
          key={depot.id}
          position={[depot.latitude, depot.longitude]}
          icon={depot.id === selected ? selectedIcon : markerIcon}
          title={depot.designation}
          alt={depot.designation}
          eventHandlers={{ click: () => onSelect(depot.id) }}
        >
          <Tooltip>
            {depot.designation}
            {depot.horairestexte && (
              <>
                <br />
                {depot.horairestexte}
              </>
            )}
          </Tooltip>
        </Marker>
      ))}
      {current && (
        <CircleMarker center={[current.lat, current.lng]} radius={8} pathOptions={{ color: '#0d6efd', fillOpacity: 0.6 }}>
          <Tooltip>Vous êtes ici</Tooltip>
        </CircleMarker>
      )}
    </MapFrame>
  )
}
