// Adding or changing a saved address: the street, the delivery zone (its fee shown), the phone
// to call on delivery, a name and whether it is the default. Checked with the shared schema;
// the server's 400 lands under the fields, its 409 (too many addresses) above the buttons.
import { useId, useState } from 'react'
import { MESSAGES } from '@teranga/shared/messages'
import { addressSchema } from '@teranga/shared/schemas'
import { fieldProps, FormField, type FieldErrors } from '@/components/forms/form-field.tsx'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { serverFieldErrors, withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { useSaveAdresse, useZones, type Adresse } from '@/lib/saved-addresses.ts'

type Field = 'adresse' | 'zone' | 'telephone' | 'libelle' | 'pardefaut' | 'latitude' | 'longitude'
const FIELDS: readonly Field[] = ['adresse', 'zone', 'telephone', 'libelle', 'pardefaut', 'latitude', 'longitude']

interface Props {
  /** The address being changed; null for a new one. */
  adresse: Adresse | null
  defaultTelephone: string
  /** The customer's first address: the server makes it the default unless told otherwise. */
  first: boolean
  onDone: () => void
}

export function AddressForm({ adresse, defaultTelephone, first, onDone }: Props) {
  const idPrefix = useId()
  const zones = useZones()
  const save = useSaveAdresse()
  const [values, setValues] = useState({
    adresse: adresse?.adresse ?? '',
    zone: adresse?.zone ? String(adresse.zone.id) : '',
    telephone: adresse?.telephone ?? defaultTelephone,
    libelle: adresse?.libelle ?? '',
    pardefaut: adresse?.pardefaut ?? first,
  })
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const chosenZone = zones.data?.find((zone) => String(zone.id) === values.zone)

  const set = (field: 'adresse' | 'zone' | 'telephone' | 'libelle') => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = addressSchema.safeParse({
      libelle: values.libelle.trim() || null,
      adresse: values.adresse,
      zone: values.zone === '' ? undefined : Number(values.zone),
      telephone: values.telephone,
      // A point placed earlier (at checkout, on the map) stays with the address.
      latitude: adresse?.latitude ?? null,
      longitude: adresse?.longitude ?? null,
      pardefaut: values.pardefaut,
    })
    setRefusal(null)
    if (!parsed.success) {
      const found: FieldErrors<Field> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    save.mutate(
      { id: adresse?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(adresse ? MESSAGES.addressUpdated : MESSAGES.addressAdded)
          onDone()
        },
        onError: (error) => {
          const found = serverFieldErrors(error, FIELDS)
          setErrors(found)
          if (error instanceof ApiError && error.status === 409) setRefusal(error.message)
          else if (Object.keys(found).length === 0) toast.error(withReason(MESSAGES.addressSaveError, error))
        },
      },
    )
  }

  const input = (name: 'adresse' | 'telephone' | 'libelle') => ({
    ...fieldProps(idPrefix, name, errors[name]),
    className: `form-control ${errors[name] ? 'is-invalid' : ''}`,
    value: values[name],
    onChange: set(name),
  })

  return (
    <form noValidate onSubmit={submit} className="row g-3" aria-label={adresse ? "Modifier l'adresse" : 'Nouvelle adresse'}>
      <FormField idPrefix={idPrefix} name="adresse" label="Adresse" error={errors.adresse} className="col-12">
        <input type="text" autoComplete="street-address" placeholder="Rue, quartier, repère" {...input('adresse')} />
      </FormField>
      <FormField idPrefix={idPrefix} name="zone" label="Zone de livraison" error={errors.zone}>
        {zones.isError ? (
          <ErrorAlert message={MESSAGES.zonesLoadError} onRetry={() => void zones.refetch()} />
        ) : (
          <>
            <select
              {...fieldProps(idPrefix, 'zone', errors.zone)}
              className={`form-select ${errors.zone ? 'is-invalid' : ''}`}
              value={values.zone}
              onChange={set('zone')}
              disabled={zones.isPending}
            >
              <option value="">{zones.isPending ? 'Chargement des zones…' : 'Choisissez une zone'}</option>
              {zones.data?.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.designation} — {zone.fraisformat}
                </option>
              ))}
            </select>
            {chosenZone && <div className="form-text">Frais de livraison : {chosenZone.fraisformat}</div>}
          </>
        )}
      </FormField>
      <FormField idPrefix={idPrefix} name="telephone" label="Téléphone" error={errors.telephone}>
        <input type="tel" autoComplete="tel" placeholder="+221 77 123 45 67" {...input('telephone')} />
      </FormField>
      <FormField idPrefix={idPrefix} name="libelle" label="Libellé (facultatif)" error={errors.libelle}>
        <input type="text" placeholder="Maison, Bureau…" {...input('libelle')} />
      </FormField>
      <div className="col-md-6 d-flex align-items-end">
        <div className="form-check">
          <input
            id={`${idPrefix}-pardefaut`}
            type="checkbox"
            className="form-check-input"
            checked={values.pardefaut}
            onChange={(event) => setValues((current) => ({ ...current, pardefaut: event.target.checked }))}
          />
          <label className="form-check-label" htmlFor={`${idPrefix}-pardefaut`}>
            Adresse par défaut
          </label>
        </div>
      </div>
      {(errors.latitude || errors.longitude) && (
        <div className="col-12 invalid-feedback d-block">{errors.latitude ?? errors.longitude}</div>
      )}
      {refusal && (
        <div className="col-12">
          <div className="alert alert-warning mb-0" role="alert">
            {refusal}
          </div>
        </div>
      )}
      <div className="col-12 d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
        </button>
        <button type="button" className="btn btn-outline-dark" onClick={onDone}>
          Annuler
        </button>
      </div>
    </form>
  )
}
