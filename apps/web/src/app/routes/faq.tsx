// /faq: delivery, pickup, payment and the usual questions.
import { getDepotsQueryOptions, getPaymentModesQueryOptions } from '@/lib/reference-data.ts'
import { FaqPage } from '@/features/faq/components/faq-page.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import type { RouteHandle } from '../server-data.ts'

export const handle: RouteHandle = {
  serverData: () => [getPaymentModesQueryOptions(), getDepotsQueryOptions()],
}

export function Component() {
  useDocumentTitle('Questions fréquentes')
  return (
    <>
      <FaqPage />
    </>
  )
}
