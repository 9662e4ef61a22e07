// /faq: delivery, pickup, payment and the usual questions.
import { FaqPage } from '@/features/faq/components/faq-page.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'

export function Component() {
  useDocumentTitle('Questions fréquentes')
  return (
    <>
      <FaqPage />
    </>
  )
}
