// Distances on the map: great-circle (haversine) distance between two points, the depots
// from the nearest, and a distance as a shopper reads it ("850 m", "2,4 km").
import type { LatLng } from './delivery-context.ts'

const EARTH_RADIUS_M = 6_371_000
const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Metres between two points along the Earth's surface. */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat)
  const dLng = toRadians(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** The places with their distance from `from`, nearest first (ties keep their order). */
export function byDistance<T extends { latitude: number; longitude: number }>(places: readonly T[], from: LatLng): Array<{ place: T; meters: number }> {
  return places
    .map((place) => ({ place, meters: haversineMeters(from, { lat: place.latitude, lng: place.longitude }) }))
    .sort((a, b) => a.meters - b.meters)
}

const kilometres = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1, minimumFractionDigits: 1 })

export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.max(10, Math.round(meters / 10) * 10)} m`
  // Thousands grouped with a plain space, like the prices.
  return `${kilometres.format(meters / 1000).replace(/\s/g, ' ')} km`
}
