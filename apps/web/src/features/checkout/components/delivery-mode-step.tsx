// /livraison/modelivraison: home delivery (the chosen zone's fee) or pickup at a depot (free).
// For a pickup, the depots are listed with their distance from where the shopper stands
// (followed while the list is shown), the nearest chosen first and marked; the map beside
// the list is a help, the list is the control.
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { isDeliveryModeCode, type DeliveryModeCode } from '@teranga/shared/constants'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { orderSchema } from '@teranga/shared/schemas'
import type { Depot } from '@teranga/shared/storefront-answers'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useDeliveryModes, useDepots } from '../api/checkout-reference.ts'
import { useDeliveryContext, type DeliveryContext, type DeliveryContextPatch } from '../delivery-context.ts'
import { byDistance, formatDistance } from '../geo.ts'
import { useWatchedPosition } from '../use-geolocation.ts'
import { LazyDepotMap } from './lazy-maps.tsx'

type Errors = Partial<Record<'mode' | 'depot' | 'telephone', string>>

export function DeliveryModeStep({ user, onContinue, onNeedAddress }: { user: Utilisateur; onContinue: () => void; onNeedAddress: () => void }) {
  const modes = useDeliveryModes()
  const { context, update } = useDeliveryContext(user.id)
  const [telephone, setTelephone] = useState(context.telephone ?? context.address?.telephone ?? user.telephone ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const id = useId()

  if (modes.isError) return <ErrorAlert message={MESSAGES.deliveryModesLoadError} onRetry={() => void modes.refetch()} />
  if (modes.isPending) return <Spinner />

  const mode = context.deliveryMode ?? (context.address ? 'DOMICILE' : null)
  const address = context.address

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!mode) return setErrors({ mode: MESSAGES.deliveryModeRequired })
    if (mode === 'DOMICILE') {
      update({ deliveryMode: mode })
      if (!address) return onNeedAddress()
      return onContinue()
    }
    const found: Errors = {}
    if (context.depot === null) found.depot = MESSAGES.orderDepotRequired
    const phone = orderSchema.shape.tel.safeParse(telephone)
    if (!phone.success) found.telephone = phone.error.issues[0]?.message ?? MESSAGES.telephoneInvalid
    setErrors(found)
    if (!phone.success || context.depot === null) return
    update({ deliveryMode: mode, telephone: phone.data })
    onContinue()
  }

  return (
    <form noValidate onSubmit={submit} style={{ maxWidth: '48rem' }}>
      <fieldset className="mb-4" aria-describedby={errors.mode ? `${id}-mode-error` : undefined}>
        <legend className="h5">Mode de livraison</legend>
        <div className="list-group">
          {modes.data.filter((m) => isDeliveryModeCode(m.code)).map((option) => {
            const code = option.code as DeliveryModeCode
            const inputId = `${id}-mode-${code}`
            return (
              <label key={option.id} htmlFor={inputId} className="list-group-item d-flex gap-3 align-items-start">
                <input
                  className="form-check-input flex-shrink-0 mt-1"
                  type="radio"
                  name={`${id}-mode`}
                  id={inputId}
                  checked={mode === code}
                  aria-labelledby={`${inputId}-name`}
                  aria-describedby={`${inputId}-detail`}
                  onChange={() => {
                    setErrors({})
                    update({ deliveryMode: code })
                  }}
                />
                <span className="flex-grow-1">
                  <span id={`${inputId}-name`} className="d-flex justify-content-between gap-2">
                    <span className="fw-semibold">{option.designation}</span>
                    <span className="fw-semibold text-nowrap">{code === 'RETRAIT' ? ' Gratuit' : address ? ` ${formatPrix(address.zone.frais)}` : ''}</span>
                  </span>
                  <span id={`${inputId}-detail`} className="d-block small text-body-secondary">
                    {code === 'RETRAIT'
                      ? 'Retirez votre commande dans le dépôt de votre choix, sans frais de livraison.'
                      : address
                        ? `${address.adresse}, ${address.zone.designation} · frais de livraison ${formatPrix(address.zone.frais)}`
                        : "Aucune adresse choisie pour l'instant."}
                  </span>
                </span>
              </label>
            )
          })}
        </div>
        {errors.mode && (
          <div id={`${id}-mode-error`} className="invalid-feedback d-block">
            {errors.mode}
          </div>
        )}
        {mode === 'DOMICILE' && (
          <p className="small mt-2 mb-0">
            <Link to="/livraison/addresse">{address ? "Changer d'adresse" : 'Choisir une adresse'}</Link>
          </p>
        )}
      </fieldset>

      {mode === 'RETRAIT' && (
        <DepotChoice
          context={context}
          update={update}
          error={errors.depot}
          telephone={telephone}
          telephoneError={errors.telephone}
          onTelephone={setTelephone}
          idPrefix={id}
          onPicked={() => setErrors((current) => ({ ...current, depot: undefined }))}
        />
      )}

      <button type="submit" className="btn btn-primary">
        Continuer vers le paiement
      </button>
    </form>
  )
}

interface DepotChoiceProps {
  context: DeliveryContext
  update: (patch: DeliveryContextPatch) => void
  error: string | undefined
  telephone: string
  telephoneError: string | undefined
  onTelephone: (value: string) => void
  idPrefix: string
  onPicked: () => void
}

function DepotChoice({ context, update, error, telephone, telephoneError, onTelephone, idPrefix, onPicked }: DepotChoiceProps) {
  const depots = useDepots()
  const status = useWatchedPosition(true, (position) => {
    const last = context.currentPosition
    if (!last || last.lat !== position.lat || last.lng !== position.lng) update({ currentPosition: position })
  })
  // A refusal now outweighs a position remembered from earlier in the tab.
  const here = status === 'denied' || status === 'unavailable' ? null : context.currentPosition
  const list: Depot[] = depots.data ?? []
  const ordered = here ? byDistance(list, here) : list.map((place) => ({ place, meters: null }))
  const nearest = here ? ordered[0]?.place.id : undefined

  // The nearest depot is chosen for the shopper until they choose one themselves; it follows
  // them as they move.
  useEffect(() => {
    if (nearest === undefined) return
    if ((context.depot === null || context.depotIsNearest) && context.depot !== nearest) update({ depot: nearest, depotIsNearest: true })
  }, [nearest, context.depot, context.depotIsNearest, update])

  const choose = (depotId: number) => {
    onPicked()
    update({ depot: depotId, depotIsNearest: false })
  }

  return (
    <section className="mb-4" aria-labelledby={`${idPrefix}-depots-title`}>
      <h2 id={`${idPrefix}-depots-title`} className="h5">
        Dépôt de retrait
      </h2>
      {status === 'denied' && (
        <p className="alert alert-info py-2" role="status">
          {MESSAGES.geolocationDenied}
        </p>
      )}
      {status === 'unavailable' && (
        <p className="alert alert-info py-2" role="status">
          {MESSAGES.geolocationUnavailable}
        </p>
      )}
      {status === 'pending' && !here && (
        <p className="small text-body-secondary" role="status">
          Recherche de votre position pour trouver le dépôt le plus proche…
        </p>
      )}
      {depots.isError ? (
        <ErrorAlert message={MESSAGES.depotsLoadError} onRetry={() => void depots.refetch()} />
      ) : depots.isPending ? (
        <Spinner />
      ) : (
        <>
          <LazyDepotMap label="Carte des dépôts de retrait" depots={list} selected={context.depot} current={here} onSelect={choose} />
          <fieldset aria-describedby={error ? `${idPrefix}-depot-error` : undefined}>
            <legend className="form-label fs-6">Choisissez votre dépôt</legend>
            <div className="list-group">
              {ordered.map(({ place: depot, meters }) => {
                const inputId = `${idPrefix}-depot-${depot.id}`
                return (
                  <label key={depot.id} htmlFor={inputId} className="list-group-item d-flex gap-3 align-items-start" data-testid="depot-option">
                    <input
                      className="form-check-input flex-shrink-0 mt-1"
                      type="radio"
                      name={`${idPrefix}-depot`}
                      id={inputId}
                      checked={context.depot === depot.id}
                      aria-labelledby={`${inputId}-name`}
                      aria-describedby={`${inputId}-detail`}
                      onChange={() => choose(depot.id)}
                    />
                    <span className="flex-grow-1">
                      <span id={`${inputId}-name`} className="d-flex flex-wrap justify-content-between gap-2">
                        <span className="fw-semibold">
                          {depot.designation}
                          {depot.id === nearest && (
                            <>
                              {' '}
                              <span className="badge text-bg-success ms-1">Le plus proche</span>
                            </>
                          )}
                        </span>
                        {meters !== null && <span className="small text-nowrap">{` à ${formatDistance(meters)}`}</span>}
                      </span>
                      <span id={`${inputId}-detail`} className="d-block small text-body-secondary">
                        {[depot.adresse, depot.description].filter(Boolean).join(' · ')}
                        {depot.horairestexte && <span className="d-block">Horaires : {depot.horairestexte}</span>}
                      </span>
                    </span>
                  </label>
                )
              })}
            </div>
            {error && (
              <div id={`${idPrefix}-depot-error`} className="invalid-feedback d-block">
                {error}
              </div>
            )}
          </fieldset>
        </>
      )}
      <div className="mt-3" style={{ maxWidth: '24rem' }}>
        <label htmlFor={`${idPrefix}-telephone`} className="form-label">
          Téléphone
        </label>
        <input
          id={`${idPrefix}-telephone`}
          type="tel"
          autoComplete="tel"
          placeholder="+221 77 123 45 67"
          className={`form-control ${telephoneError ? 'is-invalid' : ''}`}
          value={telephone}
          onChange={(event) => onTelephone(event.target.value)}
          aria-invalid={telephoneError ? true : undefined}
          aria-describedby={telephoneError ? `${idPrefix}-telephone-error` : `${idPrefix}-telephone-help`}
        />
        {telephoneError ? (
          <div id={`${idPrefix}-telephone-error`} className="invalid-feedback d-block">
            {telephoneError}
          </div>
        ) : (
          <p id={`${idPrefix}-telephone-help`} className="form-text mb-0">
            Le dépôt vous appelle quand votre commande est prête.
          </p>
        )}
      </div>
    </section>
  )
}
