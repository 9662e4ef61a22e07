// /suivi/:numero?k=…: the order a message's link names, without signing in (ADR 034), drawn by
// the server with its state, lines, amounts and refunds (a link opened from an SMS on a weak
// phone reads without the app's script); never indexed. A wrong or missing key gets the
// not-found page and a 404, as an unknown address does. « Commander à nouveau » under the order:
// for its owner once signed in (issue 25 §5).
import { useParams, useSearchParams } from 'react-router'
import { ORDER_MESSAGES_TEXT } from '@teranga/shared/order-messages'
import { getSuiviQueryOptions, useSuivi } from '@/features/tracking/api/get-suivi.ts'
import { OrderTracking } from '@/features/tracking/components/order-tracking.tsx'
import { ReorderButton } from '@/features/cart/components/reorder-button.tsx'
import { SupplementOffer } from '@/features/tracking/components/supplement-offer.tsx'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import type { RouteHandle } from '../server-data.ts'
import { NotFoundRoute } from './not-found.tsx'

export const handle: RouteHandle = {
  serverData: ({ params, searchParams }) => {
    const k = searchParams.get('k')
    return params.numero && k ? [getSuiviQueryOptions(params.numero, k)] : []
  },
  meta: ({ params }) => ({ title: ORDER_MESSAGES_TEXT.trackingTitle(params.numero ?? ''), noindex: true }),
}

export function Component() {
  const numero = useParams().numero ?? ''
  const [search] = useSearchParams()
  const key = search.get('k') ?? ''
  const suivi = useSuivi(numero, key)
  useDocumentTitle(ORDER_MESSAGES_TEXT.trackingTitle(numero))
  if (!key || suivi.data === null) return <NotFoundRoute />
  if (suivi.isError) return <ErrorAlert message={suivi.error.message} onRetry={() => void suivi.refetch()} />
  if (!suivi.data) {
    return (
      <p role="status" className="my-4">
        Chargement de la commande…
      </p>
    )
  }
  // The preparation's link to accept a dearer substitute carries its own key (ADR 055).
  const supplement = search.get('s')
  return (
    <>
      <OrderTracking commande={suivi.data} actions={<ReorderButton numero={suivi.data.numerocommande} className="btn btn-primary" />} />
      {supplement && <SupplementOffer numero={numero} trackingKey={key} supplementKey={supplement} total={suivi.data.montanttotal} due={suivi.data.supplement_a_payer ?? null} pickup={suivi.data.retrait ?? false} />}
    </>
  )
}
