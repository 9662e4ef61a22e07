// The fields of a delivery address, the same at checkout (/livraison/addresse) and in the
// address book (/profile/delivery_address): the street, the delivery zone with its fee, the
// phone to call on delivery, the address's name and the landmark for the courier. Inside a react-hook-form form checked
// with addressFieldsSchema, the shared address schema read from these inputs.
import { useController, useFormContext } from 'react-hook-form'
import { z } from 'zod'
import { REPERE_MAX } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { addressSchema } from '@teranga/shared/schemas'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { useZones } from '@/lib/api/addresses-api.ts'
import { errorOf, fieldProps, FormField } from './form-field.tsx'

/** What the inputs hold: the zone as its id in text, '' until one is chosen. */
export interface AddressFieldValues {
  adresse: string
  zone: string
  telephone: string
  libelle: string
  repere: string
}

export const ADDRESS_FIELDS = ['adresse', 'zone', 'telephone', 'libelle', 'repere'] as const

/** The shared address schema over these inputs (the point on the map is the page's to add). */
export const addressFieldsSchema = z.object({
  adresse: addressSchema.shape.adresse,
  zone: z
    .string()
    .transform((value) => (value === '' ? undefined : Number(value)))
    .pipe(addressSchema.shape.zone),
  telephone: addressSchema.shape.telephone,
  libelle: z
    .string()
    .transform((value): string | null | undefined => value.trim() || null)
    .pipe(addressSchema.shape.libelle),
  repere: z
    .string()
    .transform((value): string | null | undefined => value.trim() || null)
    .pipe(addressSchema.shape.repere),
})

type Field = (typeof ADDRESS_FIELDS)[number]

function useAddressField(idPrefix: string, name: Field) {
  const { register, formState } = useFormContext<AddressFieldValues>()
  const error = errorOf(formState.errors, name)
  return {
    error,
    props: { ...fieldProps(idPrefix, name, error), className: `form-control ${error ? 'is-invalid' : ''}`, ...register(name) },
  }
}

/** The street, the zone (its fee said under it) and the phone. */
export function AddressFields({ idPrefix }: { idPrefix: string }) {
  const zones = useZones()
  const { control } = useFormContext<AddressFieldValues>()
  const adresse = useAddressField(idPrefix, 'adresse')
  const telephone = useAddressField(idPrefix, 'telephone')
  // Controlled: the zones arrive after the form, and the chosen one must show once they do.
  const { field: zone, fieldState } = useController({ control, name: 'zone' })
  const zoneError = fieldState.error?.message
  const chosen = zones.data?.find((z) => String(z.id) === zone.value)

  return (
    <>
      <FormField idPrefix={idPrefix} name="adresse" label="Adresse" error={adresse.error} className="col-12">
        <input type="text" autoComplete="street-address" placeholder="Rue, quartier, villa" {...adresse.props} />
      </FormField>
      <FormField idPrefix={idPrefix} name="zone" label="Zone de livraison" error={zoneError}>
        <select
          {...fieldProps(idPrefix, 'zone', zoneError)}
          className={`form-select ${zoneError ? 'is-invalid' : ''}`}
          {...zone}
          disabled={zones.isPending}
        >
          <option value="">{zones.isPending ? 'Chargement des zones…' : 'Choisissez votre zone'}</option>
          {zones.data?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.designation} — {formatPrix(option.frais)}
            </option>
          ))}
        </select>
        <p className="form-text mb-0" aria-live="polite">
          {chosen ? `Frais de livraison : ${formatPrix(chosen.frais)}` : ''}
        </p>
        {zones.isError && <ErrorAlert message={MESSAGES.zonesLoadError} onRetry={() => void zones.refetch()} />}
      </FormField>
      <FormField idPrefix={idPrefix} name="telephone" label="Téléphone" error={telephone.error}>
        <input type="tel" autoComplete="tel" placeholder="+221 77 123 45 67" {...telephone.props} />
      </FormField>
    </>
  )
}

/** The name the customer gives the address, to find it again in the book. */
export function AddressNameField({ idPrefix }: { idPrefix: string }) {
  const libelle = useAddressField(idPrefix, 'libelle')
  return (
    <FormField idPrefix={idPrefix} name="libelle" label="Nom de l'adresse (facultatif)" error={libelle.error}>
      <input type="text" placeholder="Maison, Bureau…" maxLength={50} {...libelle.props} />
    </FormField>
  )
}

/**
 * The landmark for the courier (issue 25 §3): Dakar streets seldom have numbers, so « derrière
 * la pharmacie, portail bleu » is what finds the door. Optional.
 */
export function RepereField({ idPrefix }: { idPrefix: string }) {
  const repere = useAddressField(idPrefix, 'repere')
  return (
    <FormField idPrefix={idPrefix} name="repere" label={`${MESSAGES.repereLabel} (facultatif)`} error={repere.error} className="col-12">
      <input type="text" placeholder={MESSAGES.reperePlaceholder} maxLength={REPERE_MAX} {...repere.props} />
    </FormField>
  )
}
