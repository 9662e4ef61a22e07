// Adding or changing a saved address: the address fields of the checkout (street, zone with
// its fee, phone, name, the landmark for the courier) and whether it is the default. Checked with the shared schema; the
// server's 400 lands under the fields, its 409 (too many addresses) above the buttons.
import { useId, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Adresse } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { ADDRESS_FIELDS, AddressFields, addressFieldsSchema, AddressNameField, RepereField, type AddressFieldValues } from '@/components/forms/address-fields.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { serverFieldErrors, withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { useSaveAdresse } from '@/lib/api/addresses-api.ts'

const addressFormSchema = addressFieldsSchema.extend({ pardefaut: z.boolean() })
type Values = AddressFieldValues & { pardefaut: boolean }

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
  const save = useSaveAdresse()
  const form = useForm<Values, unknown, z.output<typeof addressFormSchema>>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: {
      adresse: adresse?.adresse ?? '',
      zone: adresse?.zone ? String(adresse.zone.id) : '',
      telephone: adresse?.telephone ?? defaultTelephone,
      libelle: adresse?.libelle ?? '',
      repere: adresse?.repere ?? '',
      pardefaut: adresse?.pardefaut ?? first,
    },
  })
  const [refusal, setRefusal] = useState<string | null>(null)
  const pointError = form.formState.errors.root?.message

  const submit = form.handleSubmit((values) => {
    setRefusal(null)
    save.mutate(
      // A point placed earlier (at checkout, on the map) stays with the address.
      { id: adresse?.id ?? null, input: { ...values, latitude: adresse?.latitude ?? null, longitude: adresse?.longitude ?? null } },
      {
        onSuccess: () => {
          toast.success(adresse ? MESSAGES.addressUpdated : MESSAGES.addressAdded)
          onDone()
        },
        onError: (error) => {
          const found = serverFieldErrors(error, [...ADDRESS_FIELDS, 'pardefaut', 'latitude', 'longitude'])
          for (const field of ADDRESS_FIELDS) if (found[field]) form.setError(field, { message: found[field] })
          // The point has no field of its own here: its message goes under the fields.
          const point = found.latitude ?? found.longitude ?? found.pardefaut
          if (point) form.setError('root', { message: point })
          if (error instanceof ApiError && error.status === 409) setRefusal(error.message)
          else if (Object.keys(found).length === 0) toast.error(withReason(MESSAGES.addressSaveError, error))
        },
      },
    )
  })

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="row g-3" aria-label={adresse ? "Modifier l'adresse" : 'Nouvelle adresse'}>
        <AddressFields idPrefix={idPrefix} />
        <RepereField idPrefix={idPrefix} />
        <AddressNameField idPrefix={idPrefix} />
        <div className="col-md-6 d-flex align-items-end">
          <div className="form-check">
            <input id={`${idPrefix}-pardefaut`} type="checkbox" className="form-check-input" {...form.register('pardefaut')} />
            <label className="form-check-label" htmlFor={`${idPrefix}-pardefaut`}>
              Adresse par défaut
            </label>
          </div>
        </div>
        {pointError && <div className="col-12 invalid-feedback d-block">{pointError}</div>}
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
    </FormProvider>
  )
}
