// The pages a shopper lands on after ordering (success) or after the payment provider sent
// them back (success or failed). Landing on "success" proves nothing (DESIGN §6): the page
// shows the order's real state from the server, asks again every 2 s while the payment is
// pending (for about 2 minutes), and offers to retry the payment or cancel when it failed.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { plannedSlot } from '@teranga/shared/delivery-slots'
import { MESSAGES } from '@teranga/shared/messages'
import { CUSTOMER_CANCELLABLE, isOrderStatus } from '@teranga/shared/order-status'
import { OrderAmountsList, OrderLineList } from '@/components/order/order-amounts.tsx'
import { DeadEnd } from '@/components/ui/dead-end.tsx'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { isOnlinePayment } from '@teranga/shared/constants'
import type { Commande } from '@teranga/shared/customer-answers'
import { cancelOrder, getOrder, orderQueryKey, startPayment } from '@/lib/api/orders-api.ts'
import { PayAnotherWay } from './pay-another-way.tsx'

export const ORDER_POLL_INTERVAL_MS = 2000
export const ORDER_POLL_LIMIT_MS = 2 * 60_000

const PENDING = 'en_attente_paiement'
const FAILED = 'echec_paiement'

const orderQueryOptions = (numero: string) =>
  queryOptions({ queryKey: orderQueryKey(numero), queryFn: () => getOrder(numero), staleTime: 0 })

/** True once the order has been waiting for its payment longer than the polling lasts. */
function usePollingExpired(pending: boolean): boolean {
  const [expired, setExpired] = useState(false)
  if (!pending && expired) setExpired(false)
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => setExpired(true), ORDER_POLL_LIMIT_MS)
    return () => clearTimeout(timer)
  }, [pending])
  return expired
}

function headline(order: Commande, variant: 'success' | 'failed'): { title: string; text: string } {
  if (order.etat === FAILED) {
    return { title: "Le paiement n'a pas abouti", text: "Votre commande est enregistrée mais n'est pas payée. Vous pouvez réessayer le paiement." }
  }
  if (order.etat === PENDING) {
    return variant === 'failed'
      ? { title: "Le paiement n'a pas abouti", text: "Le paiement n'a pas été confirmé. Vous pouvez le réessayer ou annuler la commande." }
      : { title: 'Paiement en cours de vérification', text: 'Nous attendons la confirmation du service de paiement. Cette page se met à jour toute seule.' }
  }
  if (order.etat === 'annulee') return { title: 'Cette commande est annulée', text: 'Elle ne sera ni livrée ni facturée.' }
  // Nothing to pay (issue 23 §2): the discounts cover everything, no payment is asked for.
  if (order.montanttotal === 0) return { title: 'Merci pour votre commande !', text: 'Rien à payer : vos réductions couvrent toute la commande. Nous la préparons.' }
  return {
    title: 'Merci pour votre commande !',
    text: isOnlinePayment(order.modepaiement.code)
      ? 'Votre paiement a bien été reçu. Nous préparons votre commande.'
      : order.depot
        ? 'Vous réglerez votre commande au dépôt, au moment du retrait.'
        : 'Vous réglerez votre commande au livreur, à la livraison.',
  }
}

export function OrderResult({ numero, variant }: { numero: string | null; variant: 'success' | 'failed' }) {
  if (!numero) return <OrderNotFound />
  return <OrderState numero={numero} variant={variant} />
}

function OrderNotFound() {
  useDocumentTitle(MESSAGES.orderNotFound)
  return <DeadEnd title={MESSAGES.orderNotFound} to="/profile/orders" action="Voir mes commandes" />
}

function OrderState({ numero, variant }: { numero: string; variant: 'success' | 'failed' }) {
  const queryClient = useQueryClient()
  const [expired, setExpired] = useState(false)
  const order = useQuery({
    ...orderQueryOptions(numero),
    // Asked again while the payment is pending, until it moves or the polling gives up.
    refetchInterval: (query) => (query.state.data?.etat === PENDING && !expired ? ORDER_POLL_INTERVAL_MS : false),
    // The shopper came back from the provider's page: always the server's latest word.
    refetchOnMount: 'always',
  })
  const pending = order.data?.etat === PENDING
  // Copied for `refetchInterval` above, which is declared before `pending` is known.
  const pollingExpired = usePollingExpired(pending)
  if (expired !== pollingExpired) setExpired(pollingExpired)

  const retry = useMutation({
    mutationFn: () => startPayment(numero),
    onSuccess: ({ url, commande }) => {
      queryClient.setQueryData(orderQueryKey(numero), commande)
      window.location.assign(url)
    },
    onError: (error) => {
      toast.error(withReason(MESSAGES.paymentStartError, error))
      void order.refetch()
    },
  })
  const cancel = useMutation({
    mutationFn: () => cancelOrder(numero),
    onSuccess: (commande) => {
      queryClient.setQueryData(orderQueryKey(numero), commande)
      toast.success(MESSAGES.orderCancelled)
    },
    onError: (error) => {
      toast.error(withReason(MESSAGES.orderCancelError, error))
      void order.refetch()
    },
  })
  const [confirmingCancel, setConfirmingCancel] = useState(false)
  const data = order.data
  const { title, text } = data ? headline(data, variant) : { title: undefined, text: '' }
  useDocumentTitle(title)

  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <OrderNotFound />
    return <ErrorAlert message={MESSAGES.orderLoadError} onRetry={() => void order.refetch()} />
  }
  if (!data) return <Spinner />

  const online = isOnlinePayment(data.modepaiement.code)
  // After a failure, or when the shopper came back through the provider's cancel/failure
  // address (or waited in vain), the payment can be tried again; cancelling follows the
  // shared state machine.
  const failurePath = data.etat === FAILED || (pending && (variant === 'failed' || expired))
  const canRetry = online && failurePath
  const canCancel = failurePath && isOrderStatus(data.etat) && CUSTOMER_CANCELLABLE.includes(data.etat)
  const busy = retry.isPending || cancel.isPending

  return (
    <div className="mx-auto" style={{ maxWidth: '44rem' }}>
      <h1 className="h3">{title}</h1>
      <p>{text}</p>
      <div className="card mb-3">
        <div className="card-body">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
            <h2 className="h5 mb-0">Commande {data.numerocommande}</h2>
            <span className={`badge text-bg-${data.etat_badge}`} data-testid="order-state">
              {data.etat_text}
            </span>
          </div>
          <p className="small text-body-secondary mb-3">
            Passée le {data.created_at_fr} · {data.modepaiement.designation} · {data.depot ? `Retrait au ${data.depot.designation}` : data.modelivraison.designation}
          </p>
          {data.creneau && (
            <p className="fw-semibold mb-3" data-testid="order-slot">
              {plannedSlot(data.creneau.libelle, data.depot !== null)}
            </p>
          )}
          {data.depot && (data.depot.adresse || data.depot.horairestexte) && (
            <p className="small mb-3" data-testid="pickup-place">
              À retirer au {data.depot.designation}
              {data.depot.adresse && `, ${data.depot.adresse}`}
              {data.depot.horairestexte && <span className="d-block">Horaires : {data.depot.horairestexte}</span>}
            </p>
          )}
          <OrderLineList lines={data.detailcommandes.map((line) => ({ key: line.id, designation: line.variante?.designation ?? line.produit.designation, quantite: line.quantite, prix: line.prix }))} />
          <OrderAmountsList
            montantcommande={data.montantcommande}
            montantliv={data.montantliv}
            remise={data.remise}
            total={data.montanttotal}
            pickup={data.depot !== null}
            codepromo={data.codepromo ?? null}
          />
        </div>
      </div>

      <div aria-live="polite">
        {pending && !expired && (
          <p className="d-flex align-items-center gap-2 small text-body-secondary">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" /> Vérification du paiement…
          </p>
        )}
        {pending && expired && <p className="alert alert-warning">{MESSAGES.paymentConfirmationSlow}</p>}
      </div>

      {(canRetry || canCancel) && (
        <div className="d-flex flex-wrap gap-2 mb-3">
          {canRetry && (
            <button type="button" className="btn btn-primary" onClick={() => retry.mutate()} disabled={busy}>
              {retry.isPending ? 'Redirection vers le paiement…' : 'Réessayer le paiement'}
            </button>
          )}
          {canCancel &&
            (confirmingCancel ? (
              <span className="d-inline-flex flex-wrap align-items-center gap-2" role="group" aria-label="Confirmer l'annulation">
                <span>Annuler cette commande ?</span>
                <button type="button" className="btn btn-danger" onClick={() => cancel.mutate()} disabled={busy}>
                  {cancel.isPending ? 'Annulation…' : "Oui, annuler la commande"}
                </button>
                <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirmingCancel(false)} disabled={busy}>
                  Non
                </button>
              </span>
            ) : (
              <button type="button" className="btn btn-outline-danger" onClick={() => setConfirmingCancel(true)} disabled={busy}>
                Annuler la commande
              </button>
            ))}
        </div>
      )}

      {canRetry && <PayAnotherWay order={data} disabled={busy} />}

      <div className="d-flex flex-wrap gap-3">
        <Link to="/profile/orders" className="btn btn-outline-primary">
          Voir mes commandes
        </Link>
        <Link to="/" className="btn btn-link">
          Continuer mes achats
        </Link>
      </div>
    </div>
  )
}
