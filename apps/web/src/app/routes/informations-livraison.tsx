// /informations-livraison: how delivery and pickup work (the owner's text), with the fee of each
// zone from the shop's zones (drawn by the server). (/livraison is the checkout's delivery step, spec §2.)
import { ContentPageView } from '@/features/pages/components/page-body.tsx'
import { DeliveryFees } from '@/features/faq/components/faq-page.tsx'
import { getZonesQueryOptions } from '@/lib/api/addresses-api.ts'
import { contentHandle, useContentTitle } from '../content-route.tsx'

export const handle = contentHandle('livraison', () => [getZonesQueryOptions()])

export function Component() {
  useContentTitle('livraison')
  return (
    <>
      <ContentPageView slug="livraison" />
      <DeliveryFees />
    </>
  )
}
