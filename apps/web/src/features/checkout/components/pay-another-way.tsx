// After a failed or abandoned online payment (issue 19 §4): the same order paid with another
// mode (POST /api/commande/{numero}/paiement {modepaiement}), never a new order. An online mode
// opens its provider's page; cash on delivery, offered for a home delivery only, turns the
// order into one waiting for confirmation.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { isOnlinePayment } from '@teranga/shared/constants'
import type { Commande } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { isDepotPickup } from '@teranga/shared/order-status'
import { withReason } from '@/lib/api-errors.ts'
import { orderQueryKey, payAnotherWay } from '@/lib/api/orders-api.ts'
import { toast } from '@/lib/notify.ts'
import { usePaymentModes } from '../api/checkout-reference.ts'

export function PayAnotherWay({ order, disabled }: { order: Commande; disabled: boolean }) {
  const id = useId()
  const queryClient = useQueryClient()
  const modes = usePaymentModes()
  const [chosen, setChosen] = useState<number | null>(null)
  const pay = useMutation({
    mutationFn: (modepaiement: number) => payAnotherWay(order.numerocommande, modepaiement),
    onSuccess: ({ url, commande }) => {
      queryClient.setQueryData(orderQueryKey(order.numerocommande), commande)
      if (url) window.location.assign(url)
      else toast.success('Votre commande sera réglée à la livraison.')
    },
    onError: (error) => toast.error(withReason(MESSAGES.paymentStartError, error)),
  })
  // Cash is paid to the courier: a pickup cannot take it.
  const offered = (modes.data ?? []).filter(
    (mode) => mode.id !== order.modepaiement.id && (isOnlinePayment(mode.code) || !isDepotPickup(order.modelivraison.code)),
  )
  if (offered.length === 0) return null
  return (
    <form
      className="card card-body mb-3"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault()
        if (chosen !== null) pay.mutate(chosen)
      }}
    >
      <h2 id={`${id}-title`} className="h6">
        Payer autrement
      </h2>
      <fieldset className="d-flex flex-wrap gap-2 mb-2">
        <legend className="visually-hidden">Autre mode de paiement</legend>
        {offered.map((mode) => (
          <div key={mode.id} className="form-check form-check-inline">
            <input
              className="form-check-input"
              type="radio"
              name={`${id}-mode`}
              id={`${id}-mode-${mode.id}`}
              checked={chosen === mode.id}
              onChange={() => setChosen(mode.id)}
            />
            <label className="form-check-label" htmlFor={`${id}-mode-${mode.id}`}>
              {mode.designation}
            </label>
          </div>
        ))}
      </fieldset>
      <div>
        <button type="submit" className="btn btn-outline-primary" disabled={disabled || chosen === null || pay.isPending}>
          {pay.isPending ? 'Un instant…' : 'Payer avec ce mode'}
        </button>
      </div>
    </form>
  )
}
