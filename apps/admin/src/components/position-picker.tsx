// Picks a position on an OpenStreetMap map (Leaflet): a click moves the marker.
import { useState } from 'react'
import { CircleMarker, MapContainer, TileLayer, useMapEvents } from 'react-leaflet'
import 'leaflet/dist/leaflet.css'

const DAKAR: [number, number] = [14.6928, -17.4467]

function ClickToPick({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (event) => onPick(event.latlng.lat, event.latlng.lng) })
  return null
}

export default function PositionPicker({ value, onChange }: { value: { latitude?: number; longitude?: number }; onChange: (latitude: number, longitude: number) => void }) {
  const [center] = useState<[number, number]>(value.latitude !== undefined && value.longitude !== undefined ? [value.latitude, value.longitude] : DAKAR)
  return (
    <div style={{ height: 280 }} className="rounded overflow-hidden border" aria-label="Carte : cliquez pour placer le dépôt" role="application">
      <MapContainer center={center} zoom={13} style={{ height: '100%' }}>
        <TileLayer attribution="&copy; OpenStreetMap" url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png" />
        <ClickToPick onPick={(lat, lng) => onChange(Number(lat.toFixed(6)), Number(lng.toFixed(6)))} />
        {value.latitude !== undefined && value.longitude !== undefined && <CircleMarker center={[value.latitude, value.longitude]} radius={10} />}
      </MapContainer>
    </div>
  )
}
