// /faq: delivery, pickup and payment from the shop's data, and the usual questions as the owner
// wrote them in the back office (issue 19 §2).
import { getDepotsQueryOptions, getPaymentModesQueryOptions } from '@/lib/api/reference-data.ts'
import { getZonesQueryOptions } from '@/lib/api/addresses-api.ts'
import { FaqPage } from '@/features/faq/components/faq-page.tsx'
import { PageBody } from '@/features/pages/components/page-body.tsx'
import { usePage } from '@/features/pages/api/get-page.ts'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { contentHandle } from '../content-route.tsx'

export const handle = contentHandle('faq', () => [getZonesQueryOptions(), getPaymentModesQueryOptions(), getDepotsQueryOptions()])

export function Component() {
  const page = usePage('faq')
  const title = page.data?.titre ?? 'Questions fréquentes'
  useDocumentTitle(title)
  return <FaqPage title={title} questions={<PageBody slug="faq" />} />
}
