// /livraison/addresse: one of the customer's saved addresses, or a new one (the address fields
// of the address book, and an optional point on the map or from the phone), checked with the
// shared address schema; "Enregistrer cette adresse" keeps it in the address book. The landmark
// for the courier goes with the order whichever address is chosen: a saved address's fills the
// field, which the shopper may change for this order. A shopper who collects at a depot skips
// the address.
import { useEffect, useId, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import type { Adresse } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { addressSchema } from '@teranga/shared/schemas'
import { ADDRESS_FIELDS, AddressFields, addressFieldsSchema, AddressNameField, RepereField, type AddressFieldValues } from '@/components/forms/address-fields.tsx'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { serverFieldErrors, withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { useAdresses, useSaveAdresse, useZones } from '@/lib/api/addresses-api.ts'
import { useDeliveryContext, type DeliveryAddress, type LatLng } from '../delivery-context.ts'
import { requestPosition } from '../use-geolocation.ts'
import { LazyPositionPickerMap } from './lazy-maps.tsx'

/** Six decimals: about 10 cm, more than a phone knows. */
const round = (value: number) => Math.round(value * 1e6) / 1e6
const roundPoint = (point: LatLng): LatLng => ({ lat: round(point.lat), lng: round(point.lng) })

function firstErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message
  return errors
}

function describeZone(zone: { designation: string; frais: number }) {
  return `${zone.designation} — ${formatPrix(zone.frais)}`
}

export function AddressStep({ user, onContinue }: { user: Utilisateur; onContinue: () => void }) {
  const addresses = useAdresses()
  const zones = useZones()
  const { context, update } = useDeliveryContext(user.id)
  const typed = context.address && context.address.id === null ? context.address : null
  const [choice, setChoice] = useState<'new' | number | null>(null)
  const form = useForm<AddressFieldValues, unknown, z.output<typeof addressFieldsSchema>>({
    resolver: zodResolver(addressFieldsSchema),
    defaultValues: {
      adresse: typed?.adresse ?? '',
      zone: typed ? String(typed.zone.id) : '',
      telephone: typed?.telephone ?? context.telephone ?? user.telephone ?? '',
      libelle: '',
      repere: context.address?.repere ?? '',
    },
  })
  const [save, setSave] = useState(false)
  // A saved address that cannot be delivered as it is, and the point's own refusal by the server.
  const [savedError, setSavedError] = useState<string | null>(null)
  const [pointError, setPointError] = useState<string | null>(null)
  const [positionNotice, setPositionNotice] = useState<string | null>(null)
  const [locating, setLocating] = useState(false)
  const create = useSaveAdresse()
  const id = useId()
  const fieldId = (name: string) => `${id}-${name}`

  const saved: Adresse[] = addresses.data ?? []
  // Until the shopper picks: the address of this checkout, else their default one.
  const chosen: 'new' | number =
    choice ??
    (context.address?.id != null && saved.some((a) => a.id === context.address?.id)
      ? context.address.id
      : typed
        ? 'new'
        : (saved.find((a) => a.pardefaut) ?? saved[0])?.id ?? 'new')

  const chosenSaved = chosen === 'new' ? undefined : saved.find((a) => a.id === chosen)
  const position = context.otherPosition

  // The landmark shown is the chosen address's: the one this checkout kept for it, else the
  // saved one (set again only when the choice changes, so the shopper's typing stays).
  // (A context stored by the previous release has no landmark at all: the saved one then.)
  const keptRepere = context.address && (context.address.id ?? 'new') === chosen ? context.address.repere : undefined
  const repereOfChoice = keptRepere !== undefined ? keptRepere : (chosenSaved?.repere ?? null)
  useEffect(() => {
    form.setValue('repere', repereOfChoice ?? '')
    // Only a new choice refills the field, not the shopper's own changes nor a stored context's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen, chosenSaved?.id])

  if (addresses.isPending) return <Spinner />

  const pickPosition = (point: LatLng) => {
    setPositionNotice(null)
    update({ otherPosition: roundPoint(point) })
  }

  const locateWithPhone = async () => {
    setLocating(true)
    try {
      pickPosition(await requestPosition())
    } catch (error) {
      setPositionNotice(error instanceof Error && error.message === 'denied' ? MESSAGES.positionDenied : MESSAGES.positionUnavailable)
    } finally {
      setLocating(false)
    }
  }

  const proceed = (address: DeliveryAddress) => {
    update((current) => ({ address, telephone: address.telephone, deliveryMode: current.deliveryMode ?? 'DOMICILE' }))
    onContinue()
  }

  const submitSaved = (address: Adresse) => {
    const repere = addressFieldsSchema.shape.repere.safeParse(form.getValues('repere'))
    if (!repere.success) return form.setError('repere', { message: repere.error.issues[0]?.message ?? MESSAGES.repereTooLong })
    const parsed = addressSchema.safeParse({
      adresse: address.adresse,
      zone: address.zone?.id,
      telephone: address.telephone ?? '',
      latitude: address.latitude,
      longitude: address.longitude,
    })
    if (!parsed.success || !address.zone) {
      const found = parsed.success ? {} : firstErrors(parsed.error.issues)
      setSavedError(found.zone ?? found.adresse ?? found.telephone ?? MESSAGES.orderZoneUnknown)
      return
    }
    setSavedError(null)
    proceed({
      id: address.id,
      libelle: address.libelle,
      adresse: parsed.data.adresse,
      zone: { id: address.zone.id, designation: address.zone.designation, frais: address.zone.frais },
      telephone: parsed.data.telephone,
      latitude: address.latitude,
      longitude: address.longitude,
      repere: repere.data ?? null,
    })
  }

  const submitNew = async (values: z.output<typeof addressFieldsSchema>) => {
    // A zone the list does not hold (the list failed to load, or changed) costs an unknown fee.
    const zone = zones.data?.find((z) => z.id === values.zone)
    if (!zone) return form.setError('zone', { message: MESSAGES.orderZoneUnknown })
    const input = { ...values, libelle: save ? values.libelle : null, latitude: position?.lat ?? null, longitude: position?.lng ?? null }
    setPointError(null)
    let savedId: number | null = null
    if (save) {
      try {
        savedId = (await create.mutateAsync({ id: null, input })).id
        toast.success(MESSAGES.addressAdded)
      } catch (error) {
        const found = serverFieldErrors(error, [...ADDRESS_FIELDS, 'latitude', 'longitude'])
        for (const field of ADDRESS_FIELDS) if (found[field]) form.setError(field, { message: found[field] })
        setPointError(found.latitude ?? found.longitude ?? null)
        toast.error(withReason(MESSAGES.addressSaveError, error))
        return
      }
    }
    proceed({
      id: savedId,
      libelle: input.libelle ?? null,
      adresse: input.adresse,
      zone: { id: zone.id, designation: zone.designation, frais: zone.frais },
      telephone: input.telephone,
      latitude: input.latitude,
      longitude: input.longitude,
      repere: input.repere ?? null,
    })
  }

  const onSubmit = (event: React.FormEvent) => {
    if (chosenSaved) {
      event.preventDefault()
      submitSaved(chosenSaved)
    } else void form.handleSubmit(submitNew)(event)
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="row g-3" style={{ maxWidth: '48rem' }}>
        {addresses.isError && (
          <div className="col-12">
            <ErrorAlert message={MESSAGES.addressesLoadError} onRetry={() => void addresses.refetch()} />
          </div>
        )}
        {saved.length > 0 && (
          <fieldset className="col-12" aria-describedby={savedError ? fieldId('saved-error') : undefined}>
            <legend className="h5">Adresse de livraison</legend>
            <div className="list-group">
              {saved.map((address) => (
                <label key={address.id} className="list-group-item d-flex gap-3 align-items-start" htmlFor={fieldId(`saved-${address.id}`)}>
                  <input
                    className="form-check-input flex-shrink-0 mt-1"
                    type="radio"
                    name={fieldId('choice')}
                    id={fieldId(`saved-${address.id}`)}
                    checked={chosen === address.id}
                    onChange={() => {
                      setChoice(address.id)
                      setSavedError(null)
                      form.clearErrors()
                    }}
                  />
                  <span>
                    <span className="fw-semibold d-block">{address.libelle || address.adresse}</span>
                    {address.libelle && <span className="d-block">{address.adresse}</span>}
                    {address.repere && <span className="d-block small">{MESSAGES.repereShown(address.repere)}</span>}
                    <span className="d-block small text-body-secondary">
                      {address.zone ? describeZone(address.zone) : 'Zone à préciser'}
                      {address.telephone ? ` · ${address.telephone}` : ''}
                    </span>
                  </span>
                </label>
              ))}
              <label className="list-group-item d-flex gap-3 align-items-center" htmlFor={fieldId('saved-new')}>
                <input
                  className="form-check-input flex-shrink-0"
                  type="radio"
                  name={fieldId('choice')}
                  id={fieldId('saved-new')}
                  checked={chosen === 'new'}
                  onChange={() => {
                    setChoice('new')
                    setSavedError(null)
                    form.clearErrors()
                  }}
                />
                <span className="fw-semibold">Nouvelle adresse</span>
              </label>
            </div>
            {savedError && (
              <div id={fieldId('saved-error')} className="invalid-feedback d-block">
                {savedError}
              </div>
            )}
          </fieldset>
        )}
        {chosenSaved && <RepereField idPrefix={id} />}

        {chosen === 'new' && (
          <fieldset className="col-12 row g-3 m-0 p-0">
            <legend className="h5">{saved.length > 0 ? 'Nouvelle adresse' : 'Adresse de livraison'}</legend>
            <AddressFields idPrefix={id} />
            <RepereField idPrefix={id} />

            <fieldset className="col-12">
              <legend className="form-label fs-6 mb-1">Position sur la carte (facultatif)</legend>
              <p className="form-text mt-0">Touchez la carte pour placer votre adresse, ou utilisez la position de votre téléphone : le livreur vous trouvera plus vite.</p>
              <LazyPositionPickerMap label="Carte : touchez pour placer votre adresse" position={position} onPick={pickPosition} />
              <div className="d-flex flex-wrap align-items-center gap-2">
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void locateWithPhone()} disabled={locating}>
                  {locating ? 'Localisation…' : 'Utiliser ma position'}
                </button>
                {position && (
                  <>
                    <span className="small" data-testid="chosen-position">
                      Position choisie : {position.lat.toFixed(5)}, {position.lng.toFixed(5)}
                    </span>
                    <button type="button" className="btn btn-sm btn-link" onClick={() => update({ otherPosition: null })}>
                      Retirer la position
                    </button>
                  </>
                )}
              </div>
              {positionNotice && (
                <p className="small text-body-secondary mt-2 mb-0" role="status">
                  {positionNotice}
                </p>
              )}
              {pointError && <div className="invalid-feedback d-block">{pointError}</div>}
            </fieldset>

            <div className="col-12">
              <div className="form-check">
                <input className="form-check-input" type="checkbox" id={fieldId('save')} checked={save} onChange={(event) => setSave(event.target.checked)} />
                <label className="form-check-label" htmlFor={fieldId('save')}>
                  Enregistrer cette adresse
                </label>
              </div>
            </div>
            {save && <AddressNameField idPrefix={id} />}
          </fieldset>
        )}

        {chosenSaved?.zone && (
          <p className="col-12 mb-0" aria-live="polite">
            Frais de livraison : {formatPrix(chosenSaved.zone.frais)}
          </p>
        )}

        <div className="col-12 d-flex flex-wrap align-items-center gap-2">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Enregistrement…' : 'Continuer'}
          </button>
          {/* A pickup needs no address: straight to the depots. */}
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              update({ deliveryMode: 'RETRAIT' })
              onContinue()
            }}
          >
            Je préfère retirer ma commande dans un dépôt (gratuit)
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
