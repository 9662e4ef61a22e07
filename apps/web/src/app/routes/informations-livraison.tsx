// /informations-livraison: how delivery and pickup work (the owner's text), with the fee of each
// zone from the shop's table. (/livraison is the checkout's delivery step, spec §2.)
import { ContentPageView } from '@/features/pages/components/page-body.tsx'
import { DeliveryFees } from '@/features/faq/components/faq-page.tsx'
import { contentHandle, useContentTitle } from '../content-route.tsx'

export const handle = contentHandle('livraison')

export function Component() {
  useContentTitle('livraison')
  return (
    <>
      <ContentPageView slug="livraison" />
      <DeliveryFees />
    </>
  )
}
