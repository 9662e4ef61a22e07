// /contact: the owner's words, then the shop's phone, WhatsApp, e-mail, address and opening hours
// from its settings (the shell's preferences), and the shop on the map (Leaflet, loaded lazily).
import { usePreferences } from '@/features/catalogue/api/get-catalogue-reference.ts'
import { LazyDepotMap } from '@/features/checkout/components/lazy-maps.tsx'
import { ContactDetails } from '@/features/pages/components/contact-details.tsx'
import { ContentPageView } from '@/features/pages/components/page-body.tsx'
import { contentHandle, useContentTitle } from '../content-route.tsx'

export const handle = contentHandle('contact')

const noop = () => {}

export function Component() {
  useContentTitle('contact')
  const preferences = usePreferences().data
  const placed = preferences && preferences.latitude !== null && preferences.longitude !== null
  return (
    <>
      <ContentPageView slug="contact" />
      <ContactDetails
        preferences={preferences}
        map={
          placed ? (
            <LazyDepotMap
              label="La boutique sur la carte"
              depots={[{ id: 0, designation: preferences.lieu ?? 'La boutique', description: null, adresse: preferences.lieu, latitude: preferences.latitude!, longitude: preferences.longitude!, horairestexte: preferences.horaires }]}
              selected={0}
              current={null}
              onSelect={noop}
            />
          ) : null
        }
      />
    </>
  )
}
