// /paiement: the payment modes as cards, the order's summary, and "Confirmer la commande".
// The order is placed with the checkout's Idempotency-Key (a double click or a retry after a
// lost answer gives the same order), then cash goes to the success page and an online mode
// to the provider's page. Stock, validation and network failures leave the shopper here with
// the reason.
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Link, Navigate, useNavigate } from 'react-router'
import { type OfferedSlot, SLOT_MESSAGES } from '@teranga/shared/delivery-slots'
import { MESSAGES } from '@teranga/shared/messages'
import { orderAmounts } from '@teranga/shared/order-amounts'
import type { CodePromoPreview } from '@teranga/shared/promotions'
import type { OrderInput } from '@teranga/shared/schemas'
import { EmptyCart } from '@/components/ui/empty-cart.tsx'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { withReason } from '@/lib/api-errors.ts'
import { useFidelite } from '@/lib/api/loyalty-api.ts'
import { rewardsOf } from '@/lib/loyalty.ts'
import { toast } from '@/lib/notify.ts'
import { useDeliveryModes, useDepots, usePaymentModes } from '../api/checkout-reference.ts'
import { useDeliverySlots } from '../api/get-delivery-slots.ts'
import { isOnlinePayment } from '@teranga/shared/constants'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { orderQueryKey, placeOrder, startPayment } from '@/lib/api/orders-api.ts'
import { newIdempotencyKey, useDeliveryContext } from '../delivery-context.ts'
import { DeliverySlotPicker } from './delivery-slot-picker.tsx'
import { OrderSummary, type CheckoutLine } from './order-summary.tsx'
import { PromoCodeField } from './promo-code-field.tsx'
import { EMPTY_PREPARATION_CHOICES, noteError, PreparationChoices, preparationInput, type PreparationChoicesValue } from './preparation-choices.tsx'

/** Where the shopper fixes a field the server refused. */
const ADDRESS_FIELDS = new Set(['adresseliv', 'zone', 'latitude', 'longitude', 'repere'])

interface Props {
  user: Utilisateur
  cart: { lines: readonly CheckoutLine[]; isLoading: boolean; isError: boolean }
  /** The server emptied the cart (order placed) or may have changed it (a refusal). */
  onCartChanged: () => void
}

export function PaymentStep({ user, cart, onCartChanged }: Props) {
  const { context, update, clear } = useDeliveryContext(user.id)
  const payments = usePaymentModes()
  const deliveryModes = useDeliveryModes()
  const depots = useDepots()
  const loyalty = useFidelite()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)
  // Once placed, the context is cleared: the page must not send the shopper back to step one.
  const [placed, setPlaced] = useState(false)
  const [paymentError, setPaymentError] = useState<string | null>(null)
  const [refused, setRefused] = useState<Array<[string, string]>>([])
  // The discount code checked on the server, and the order's refusal of it if it comes.
  const [code, setCode] = useState<CodePromoPreview | null>(null)
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null)
  // What to do if a product is missing, and the note for the preparer (issue 25 §2).
  const [preparation, setPreparation] = useState<PreparationChoicesValue>(EMPTY_PREPARATION_CHOICES)
  const id = useId()
  // The delivery slot (issue 25 §1): the zone's home slots, or the depot's pickup slots.
  const slotsFor = context.deliveryMode === 'RETRAIT' ? (context.depot === null ? null : { depot: context.depot }) : context.address ? { zone: context.address.zone.id } : null
  const slots = useDeliverySlots(slotsFor)
  const [slot, setSlot] = useState<OfferedSlot | null>(null)
  const [slotError, setSlotError] = useState<string | null>(null)

  if (placed) return <Spinner label="Commande en cours d'enregistrement…" />
  if (cart.isError) return <ErrorAlert message={MESSAGES.cartLoadError} />
  if (cart.isLoading) return <Spinner />
  if (cart.lines.length === 0) return <EmptyCart />

  const mode = context.deliveryMode
  const address = context.address
  if (mode === null) return <Navigate to={address ? '/livraison/modelivraison' : '/livraison/addresse'} replace />
  if (mode === 'DOMICILE' && !address) return <Navigate to="/livraison/addresse" replace />
  if (mode === 'RETRAIT' && (context.depot === null || !context.telephone)) return <Navigate to="/livraison/modelivraison" replace />

  if (payments.isError) return <ErrorAlert message={MESSAGES.paymentModesLoadError} onRetry={() => void payments.refetch()} />
  if (deliveryModes.isError) return <ErrorAlert message={MESSAGES.deliveryModesLoadError} onRetry={() => void deliveryModes.refetch()} />
  if (payments.isPending || deliveryModes.isPending || loyalty.isPending) return <Spinner />

  const pickup = mode === 'RETRAIT'
  const depot = pickup ? depots.data?.find((d) => d.id === context.depot) : undefined
  const amounts = orderAmounts(cart.lines, pickup || !address ? 0 : address.zone.frais, rewardsOf(loyalty.data?.privilege ?? null), code?.remise ?? 0)
  const selectedPayment = payments.data.find((p) => p.code === context.paymentMode)
  const deliveryModeId = deliveryModes.data.find((m) => m.code === mode)?.id

  const confirm = async () => {
    if (!selectedPayment) return setPaymentError(MESSAGES.paymentModeRequired)
    if (deliveryModeId === undefined) return setRefused([['modelivraison', MESSAGES.orderDeliveryModeUnknown]])
    if ((slots.data?.length ?? 0) > 0 && !slot) return setSlotError(pickup ? SLOT_MESSAGES.requiredPickup : SLOT_MESSAGES.required)
    // The note's error is shown under it already.
    if (noteError(preparation.note)) return
    if (sending.current) return
    sending.current = true
    setBusy(true)
    setRefused([])
    setCodeRefusal(null)
    const key = context.idempotencyKey ?? newIdempotencyKey()
    if (context.idempotencyKey !== key) update({ idempotencyKey: key })
    const input: OrderInput = {
      ...(pickup || !address
        ? { modelivraison: deliveryModeId, modepaiement: selectedPayment.id, tel: context.telephone ?? '', depot: context.depot }
        : {
            modelivraison: deliveryModeId,
            modepaiement: selectedPayment.id,
            tel: address.telephone,
            adresseliv: address.adresse,
            zone: address.zone.designation,
            latitude: address.latitude,
            longitude: address.longitude,
            // The landmark for the courier, when the shopper gave one (issue 25 §3).
            ...(address.repere ? { repere: address.repere } : {}),
          }),
      ...(code ? { codepromo: code.code } : {}),
      ...preparationInput(preparation, cart.lines),
      ...(slot ? { creneau: { id: slot.id, date: slot.date } } : {}),
    }
    let numero: string
    let commande: Awaited<ReturnType<typeof placeOrder>>
    try {
      commande = await placeOrder(input, key)
      numero = commande.numerocommande
      queryClient.setQueryData(orderQueryKey(numero), commande)
    } catch (error) {
      sending.current = false
      setBusy(false)
      if (error instanceof ApiError && error.errors?.creneau) {
        // Full meanwhile, past its cut-off, a day off: said under the list, shown afresh.
        setSlotError(error.errors.creneau[0] ?? error.message)
        setSlot(null)
        void slots.refetch()
      } else if (error instanceof ApiError && error.errors?.codepromo) {
        // The code no longer applies (expired, its last use taken meanwhile): said under the field.
        setCodeRefusal(error.errors.codepromo[0] ?? error.message)
      } else if (error instanceof ApiError && error.status === 400 && error.errors) {
        setRefused(Object.entries(error.errors).flatMap(([field, messages]) => messages.map((message): [string, string] => [field, message])))
      } else {
        // Stock, an emptied cart, a lost connection: said in a toast; the key stays for a retry.
        toast.error(error instanceof Error ? error.message : MESSAGES.internalError)
        if (error instanceof ApiError && error.status === 409) onCartChanged()
      }
      return
    }
    // Committed before the context empties, so no render sees an empty context on this page.
    flushSync(() => setPlaced(true))
    clear()
    onCartChanged()
    // Paid on delivery, or nothing to pay (the discounts cover it all, issue 23 §2): no provider's page.
    if (!isOnlinePayment(selectedPayment.code) || commande.montanttotal === 0) return void navigate(`/success?commande=${encodeURIComponent(numero)}`)
    try {
      const { url, commande } = await startPayment(numero)
      queryClient.setQueryData(orderQueryKey(numero), commande)
      window.location.assign(url)
    } catch (error) {
      // The order exists and waits for its payment: its page offers to try again.
      toast.error(withReason(MESSAGES.paymentStartError, error))
      void navigate(`/failed?commande=${encodeURIComponent(numero)}`)
    }
  }

  const refusedAddress = refused.some(([field]) => ADDRESS_FIELDS.has(field) || (field === 'tel' && !pickup))
  const refusedDelivery = refused.some(([field]) => field === 'depot' || field === 'modelivraison' || (field === 'tel' && pickup))

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <fieldset aria-describedby={paymentError ? `${id}-payment-error` : undefined}>
          <legend className="h5">Mode de paiement</legend>
          <div className="row g-2">
            {payments.data.map((payment) => {
              const inputId = `${id}-payment-${payment.id}`
              return (
                <div key={payment.id} className="col-sm-6">
                  <input
                    type="radio"
                    className="btn-check"
                    name={`${id}-payment`}
                    id={inputId}
                    checked={context.paymentMode === payment.code}
                    aria-labelledby={`${inputId}-name`}
                    aria-describedby={payment.desc ? `${inputId}-desc` : undefined}
                    onChange={() => {
                      setPaymentError(null)
                      update({ paymentMode: payment.code })
                    }}
                  />
                  <label htmlFor={inputId} className="btn btn-outline-primary w-100 h-100 d-flex align-items-center gap-3 text-start">
                    <ResponsiveImage
                      src={payment.image}
                      srcSet={payment.imagesrcset}
                      alt=""
                      width={48}
                      height={48}
                      sizes="48px"
                      className="rounded flex-shrink-0 bg-white"
                    />
                    <span>
                      <span id={`${inputId}-name`} className="fw-semibold d-block">
                        {payment.designation}
                      </span>
                      {payment.desc && (
                        <span id={`${inputId}-desc`} className="small d-block">
                          {payment.desc}
                        </span>
                      )}
                    </span>
                  </label>
                </div>
              )
            })}
          </div>
          {paymentError && (
            <div id={`${id}-payment-error`} className="invalid-feedback d-block">
              {paymentError}
            </div>
          )}
        </fieldset>

        <section className="mt-4" aria-labelledby={`${id}-delivery-title`}>
          <h2 id={`${id}-delivery-title`} className="h5">
            Livraison
          </h2>
          {pickup ? (
            <p className="mb-1">
              Retrait au {depot ? depot.designation : 'dépôt choisi'}
              {depot?.adresse ? ` (${depot.adresse})` : ''} · {context.telephone}
            </p>
          ) : (
            address && (
              <p className="mb-1">
                {address.adresse}, {address.zone.designation} · {address.telephone}
                {address.repere && <span className="d-block small">{MESSAGES.repereShown(address.repere)}</span>}
              </p>
            )
          )}
          <Link to={pickup ? '/livraison/modelivraison' : '/livraison/addresse'} className="small">
            Modifier
          </Link>
          <DeliverySlotPicker
            pickup={pickup}
            slots={slots}
            chosen={slot}
            error={slotError}
            onChoose={(chosen) => {
              setSlot(chosen)
              setSlotError(null)
            }}
          />
        </section>

        <PromoCodeField
          applied={code}
          refusal={codeRefusal}
          onApplied={(preview) => {
            setCode(preview)
            setCodeRefusal(null)
          }}
        />

        <PreparationChoices lines={cart.lines} value={preparation} onChange={setPreparation} />

        {refused.length > 0 && (
          <div className="alert alert-danger mt-4" role="alert">
            <p className="mb-1">{MESSAGES.orderInvalidFields}</p>
            <ul className="mb-2">
              {refused.map(([field, message]) => (
                <li key={`${field}-${message}`}>{message}</li>
              ))}
            </ul>
            {refusedAddress && (
              <Link to="/livraison/addresse" className="alert-link me-3">
                Modifier l'adresse
              </Link>
            )}
            {refusedDelivery && (
              <Link to="/livraison/modelivraison" className="alert-link">
                Modifier le mode de livraison
              </Link>
            )}
          </div>
        )}
      </div>

      <aside className="col-lg-5" aria-label="Récapitulatif">
        <OrderSummary
          lines={cart.lines}
          amounts={amounts}
          pickup={pickup}
          tier={loyalty.data?.privilege?.designation ?? null}
          note={loyalty.isError ? MESSAGES.loyaltyDiscountUnknown : null}
          code={code?.code ?? null}
          slot={slot ? `${pickup ? SLOT_MESSAGES.retraitPrevu : SLOT_MESSAGES.livraisonPrevue} : ${slot.libelle}` : null}
        />
        <button type="button" className="btn btn-primary btn-lg w-100 mt-3" onClick={() => void confirm()} disabled={busy}>
          {busy ? 'Envoi de la commande…' : 'Confirmer la commande'}
        </button>
        <p className="small text-body-secondary mt-2 mb-0">Le montant final est calculé par la boutique au moment de la commande.</p>
      </aside>
    </div>
  )
}
