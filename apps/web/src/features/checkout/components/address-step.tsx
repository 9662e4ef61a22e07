// /livraison/addresse: one of the customer's saved addresses, or a new one (address, zone with
// its fee, phone, an optional point on the map or from the phone), checked with the shared
// address schema; "Enregistrer cette adresse" keeps it in the address book. A shopper who
// collects at a depot skips the address.
import { useId, useState } from 'react'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { addressSchema } from '@teranga/shared/schemas'
import type { ZoneLivraison } from '@teranga/shared/storefront-queries'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { serverFieldErrors, withReason } from '@/lib/api-errors.ts'
import type { Utilisateur } from '@/lib/auth.tsx'
import { toast } from '@/lib/notify.ts'
import { useAdresses, useSaveAdresse, useZones, type Adresse } from '@/lib/saved-addresses.ts'
import { useDeliveryContext, type DeliveryAddress, type LatLng } from '../delivery-context.ts'
import { requestPosition } from '../use-geolocation.ts'
import { LazyPositionPickerMap } from './lazy-maps.tsx'

const FIELDS = ['adresse', 'zone', 'telephone', 'libelle', 'latitude', 'longitude'] as const
type Field = (typeof FIELDS)[number]
type Errors = Partial<Record<Field | 'saved', string>>

/** Six decimals: about 10 cm, more than a phone knows. */
const round = (value: number) => Math.round(value * 1e6) / 1e6
const roundPoint = (point: LatLng): LatLng => ({ lat: round(point.lat), lng: round(point.lng) })

function firstErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Errors {
  const errors: Errors = {}
  for (const issue of issues) errors[String(issue.path[0]) as Field] ??= issue.message
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
  const [values, setValues] = useState({
    adresse: typed?.adresse ?? '',
    zone: typed ? String(typed.zone.id) : '',
    telephone: typed?.telephone ?? context.telephone ?? user.telephone ?? '',
    libelle: '',
  })
  const [save, setSave] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [positionNotice, setPositionNotice] = useState<string | null>(null)
  const [locating, setLocating] = useState(false)
  const create = useSaveAdresse()
  const id = useId()
  const fieldId = (name: string) => `${id}-${name}`

  if (addresses.isPending) return <Spinner />
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
  const zoneList: ZoneLivraison[] = zones.data ?? []
  const selectedZone = zoneList.find((z) => String(z.id) === values.zone)
  const position = context.otherPosition

  const setValue = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

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
    const parsed = addressSchema.safeParse({
      adresse: address.adresse,
      zone: address.zone?.id,
      telephone: address.telephone ?? '',
      latitude: address.latitude,
      longitude: address.longitude,
    })
    if (!parsed.success || !address.zone) {
      const found = parsed.success ? {} : firstErrors(parsed.error.issues)
      setErrors({ saved: found.zone ?? found.adresse ?? found.telephone ?? MESSAGES.orderZoneUnknown })
      return
    }
    setErrors({})
    proceed({
      id: address.id,
      libelle: address.libelle,
      adresse: parsed.data.adresse,
      zone: { id: address.zone.id, designation: address.zone.designation, frais: address.zone.frais },
      telephone: parsed.data.telephone,
      latitude: address.latitude,
      longitude: address.longitude,
    })
  }

  const submitNew = async () => {
    const parsed = addressSchema.safeParse({
      libelle: save && values.libelle.trim() ? values.libelle : undefined,
      adresse: values.adresse,
      zone: values.zone ? Number(values.zone) : undefined,
      telephone: values.telephone,
      latitude: position?.lat ?? null,
      longitude: position?.lng ?? null,
    })
    const found = parsed.success ? {} : firstErrors(parsed.error.issues)
    // A zone the list does not hold (the list failed to load, or changed) costs an unknown fee.
    if (parsed.success && !selectedZone) found.zone = MESSAGES.orderZoneUnknown
    setErrors(found)
    if (!parsed.success || !selectedZone) return
    let savedId: number | null = null
    if (save) {
      try {
        savedId = (await create.mutateAsync({ id: null, input: parsed.data })).id
        toast.success(MESSAGES.addressAdded)
      } catch (error) {
        setErrors(serverFieldErrors(error, FIELDS))
        toast.error(withReason(MESSAGES.addressSaveError, error))
        return
      }
    }
    proceed({
      id: savedId,
      libelle: parsed.data.libelle ?? null,
      adresse: parsed.data.adresse,
      zone: { id: selectedZone.id, designation: selectedZone.designation, frais: selectedZone.frais },
      telephone: parsed.data.telephone,
      latitude: parsed.data.latitude ?? null,
      longitude: parsed.data.longitude ?? null,
    })
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (chosenSaved) submitSaved(chosenSaved)
    else void submitNew()
  }

  const inputProps = (name: Field) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? fieldId(`${name}-error`) : undefined,
  })
  const fieldError = (name: Field | 'saved') =>
    errors[name] && (
      <div id={fieldId(`${name}-error`)} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    )

  return (
    <form noValidate onSubmit={onSubmit} className="row g-3" style={{ maxWidth: '48rem' }}>
      {addresses.isError && (
        <div className="col-12">
          <ErrorAlert message={MESSAGES.addressesLoadError} onRetry={() => void addresses.refetch()} />
        </div>
      )}
      {saved.length > 0 && (
        <fieldset className="col-12" aria-describedby={errors.saved ? fieldId('saved-error') : undefined}>
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
                    setErrors({})
                  }}
                />
                <span>
                  <span className="fw-semibold d-block">{address.libelle || address.adresse}</span>
                  {address.libelle && <span className="d-block">{address.adresse}</span>}
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
                  setErrors({})
                }}
              />
              <span className="fw-semibold">Nouvelle adresse</span>
            </label>
          </div>
          {fieldError('saved')}
        </fieldset>
      )}

      {chosen === 'new' && (
        <fieldset className="col-12 row g-3 m-0 p-0">
          <legend className="h5">{saved.length > 0 ? 'Nouvelle adresse' : 'Adresse de livraison'}</legend>
          <div className="col-12">
            <label htmlFor={fieldId('adresse')} className="form-label">
              Adresse
            </label>
            <input
              type="text"
              autoComplete="street-address"
              placeholder="Rue, quartier, point de repère"
              className={`form-control ${errors.adresse ? 'is-invalid' : ''}`}
              value={values.adresse}
              onChange={setValue('adresse')}
              {...inputProps('adresse')}
            />
            {fieldError('adresse')}
          </div>
          <div className="col-md-6">
            <label htmlFor={fieldId('zone')} className="form-label">
              Zone de livraison
            </label>
            <select className={`form-select ${errors.zone ? 'is-invalid' : ''}`} value={values.zone} onChange={setValue('zone')} disabled={zones.isPending} {...inputProps('zone')}>
              <option value="">{zones.isPending ? 'Chargement des zones…' : 'Choisissez votre zone'}</option>
              {zoneList.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {describeZone(zone)}
                </option>
              ))}
            </select>
            {fieldError('zone')}
            <p className="form-text mb-0" aria-live="polite">
              {selectedZone ? `Frais de livraison : ${formatPrix(selectedZone.frais)}` : ''}
            </p>
            {zones.isError && <ErrorAlert message={MESSAGES.zonesLoadError} onRetry={() => void zones.refetch()} />}
          </div>
          <div className="col-md-6">
            <label htmlFor={fieldId('telephone')} className="form-label">
              Téléphone
            </label>
            <input
              type="tel"
              autoComplete="tel"
              placeholder="+221 77 123 45 67"
              className={`form-control ${errors.telephone ? 'is-invalid' : ''}`}
              value={values.telephone}
              onChange={setValue('telephone')}
              {...inputProps('telephone')}
            />
            {fieldError('telephone')}
          </div>

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
            {fieldError('latitude')}
            {fieldError('longitude')}
          </fieldset>

          <div className="col-12">
            <div className="form-check">
              <input className="form-check-input" type="checkbox" id={fieldId('save')} checked={save} onChange={(event) => setSave(event.target.checked)} />
              <label className="form-check-label" htmlFor={fieldId('save')}>
                Enregistrer cette adresse
              </label>
            </div>
          </div>
          {save && (
            <div className="col-md-6">
              <label htmlFor={fieldId('libelle')} className="form-label">
                Nom de l'adresse (facultatif)
              </label>
              <input
                type="text"
                placeholder="Maison, Bureau…"
                maxLength={50}
                className={`form-control ${errors.libelle ? 'is-invalid' : ''}`}
                value={values.libelle}
                onChange={setValue('libelle')}
                {...inputProps('libelle')}
              />
              {fieldError('libelle')}
            </div>
          )}
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
  )
}
