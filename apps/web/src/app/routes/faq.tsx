// /faq: delivery, pickup, payment and the usual questions.
import { FaqPage } from '@/features/faq/components/faq-page.tsx'

export function Component() {
  return (
    <>
      <title>Questions fréquentes — Teranga</title>
      <FaqPage />
    </>
  )
}
