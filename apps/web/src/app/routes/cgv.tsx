// /cgv: the shop's terms of sale, as the owner wrote them in the back office.
import { ContentPageView } from '@/features/pages/components/page-body.tsx'
import { contentHandle, useContentTitle } from '../content-route.tsx'

export const handle = contentHandle('cgv')

export function Component() {
  useContentTitle('cgv')
  return <ContentPageView slug="cgv" />
}
