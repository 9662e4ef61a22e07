// /suivi/:numero?k=…: the order a message's link names, without signing in (ADR 034); a wrong
// or missing key gets the not-found page, as an unknown address does.
import { useParams, useSearchParams } from 'react-router'
import { ORDER_MESSAGES_TEXT } from '@teranga/shared/order-messages'
import { useSuivi } from '@/features/tracking/api/get-suivi.ts'
import { OrderTracking } from '@/features/tracking/components/order-tracking.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { NotFoundRoute } from './not-found.tsx'

export function Component() {
  const numero = useParams().numero ?? ''
  const [search] = useSearchParams()
  const key = search.get('k') ?? ''
  const suivi = useSuivi(numero, key)
  useDocumentTitle(ORDER_MESSAGES_TEXT.trackingTitle(numero))
  if (!key || (suivi.error instanceof ApiError && suivi.error.status === 404)) return <NotFoundRoute />
  if (suivi.error) {
    return (
      <p role="alert" className="alert alert-danger my-4">
        {suivi.error.message}
      </p>
    )
  }
  if (!suivi.data) {
    return (
      <p role="status" className="my-4">
        Chargement de la commande…
      </p>
    )
  }
  return <OrderTracking commande={suivi.data} />
}
