// The preparation message's link to accept a dearer substitute (issue 25 §2, ADR 055): the
// tracking page opened with `s` offers to pay the difference on delivery; without accepting, the
// shopper pays the price of what was missing. The server checks the key; its refusals are said.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { formatPrix } from '@teranga/shared/money'
import { payAtHandover, supplementDueText } from '@teranga/shared/preparation'
import { acceptSupplement } from '../api/accept-supplement.ts'
import { getSuiviQueryOptions } from '../api/get-suivi.ts'

interface Props {
  numero: string
  /** The tracking key (to read the order again) and the supplement's key (to accept). */
  trackingKey: string
  supplementKey: string
  /** What the order costs now. */
  total: number
  /** Paid online: the accepted supplement still to pay at delivery (ADR 058); null otherwise. */
  due?: number | null
  /** A pickup at a depot: paid « au retrait ». */
  pickup?: boolean
}

export function SupplementOffer({ numero, trackingKey, supplementKey, total, due = null, pickup = false }: Props) {
  const id = useId()
  const queryClient = useQueryClient()
  const accept = useMutation({
    mutationFn: () => acceptSupplement(numero, supplementKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSuiviQueryOptions(numero, trackingKey).queryKey }),
  })
  return (
    <section className="card my-3" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          Produit de remplacement
        </h2>
        {accept.isSuccess ? (
          <p role="status" className="mb-0">
            {/* Paid online, only the supplement is left to pay (ADR 058); cash, the whole total. */}
            {due ? `Merci : le supplément est accepté. ${supplementDueText(due, formatPrix, pickup)}.` : `Merci : le supplément est accepté. Montant ${payAtHandover(pickup)} : ${formatPrix(total)}.`}
          </p>
        ) : (
          <>
            <p>
              Un produit manquant a été remplacé par un produit plus cher. Sans votre accord, vous payez le prix du produit manquant ({formatPrix(total)} en tout).
            </p>
            {accept.isError && (
              <p className="text-danger" role="alert">
                {accept.error.message}
              </p>
            )}
            <button type="button" className="btn btn-primary" disabled={accept.isPending} onClick={() => accept.mutate()}>
              {accept.isPending ? 'Envoi…' : 'Accepter de payer la différence'}
            </button>
          </>
        )}
      </div>
    </section>
  )
}
