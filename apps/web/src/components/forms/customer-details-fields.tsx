// The customer's details as the sign-up and account pages ask for them (civilité, prénom,
// nom, téléphone, ville, pays by 3-letter code), checked with the shared schema.
import { useMemo } from 'react'
import countries from 'i18n-iso-countries'
import fr from 'i18n-iso-countries/langs/fr.json'
import { CIVILITES } from '@teranga/shared/constants'
import { customerDetailsSchema, type CustomerDetails } from '@teranga/shared/schemas'
import { fieldProps, FormField, type FieldErrors } from './form-field.tsx'

countries.registerLocale(fr)

export type CustomerDetailsField = 'civilite' | 'prenom' | 'nom' | 'telephone' | 'ville' | 'pays'
/** What the inputs hold: civilité as '' (not chosen yet), '0' or '1'. */
export type CustomerDetailsValues = Record<CustomerDetailsField, string>

function countryOptions() {
  const collator = new Intl.Collator('fr')
  return Object.entries(countries.getNames('fr', { select: 'official' }))
    .map(([alpha2, name]) => ({ value: countries.alpha2ToAlpha3(alpha2) ?? alpha2, label: name }))
    .sort((a, b) => collator.compare(a.label, b.label))
}

/** The details checked with the shared schema: the data to send, or the first message of each field. */
export function parseCustomerDetails(values: CustomerDetailsValues): { data: CustomerDetails; errors: null } | { data: null; errors: FieldErrors<CustomerDetailsField> } {
  const parsed = customerDetailsSchema.safeParse({ ...values, civilite: values.civilite === '' ? undefined : Number(values.civilite) })
  if (parsed.success) return { data: parsed.data, errors: null }
  const errors: FieldErrors<CustomerDetailsField> = {}
  for (const issue of parsed.error.issues) errors[issue.path[0] as CustomerDetailsField] ??= issue.message
  return { data: null, errors }
}

interface Props {
  idPrefix: string
  values: CustomerDetailsValues
  errors: FieldErrors<CustomerDetailsField>
  onChange: (field: CustomerDetailsField, value: string) => void
}

export function CustomerDetailsFields({ idPrefix, values, errors, onChange }: Props) {
  const options = useMemo(() => countryOptions(), [])
  const input = (name: CustomerDetailsField, className = 'form-control') => ({
    ...fieldProps(idPrefix, name, errors[name]),
    className: `${className} ${errors[name] ? 'is-invalid' : ''}`,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(name, event.target.value),
  })
  const field = (name: CustomerDetailsField, label: string, control: React.ReactNode) => (
    <FormField idPrefix={idPrefix} name={name} label={label} error={errors[name]}>
      {control}
    </FormField>
  )

  return (
    <>
      <div className="col-12">
        <span className="form-label d-block" id={`${idPrefix}-civilite-label`}>
          Civilité
        </span>
        <div role="radiogroup" aria-labelledby={`${idPrefix}-civilite-label`} aria-describedby={errors.civilite ? `${idPrefix}-civilite-error` : undefined}>
          {CIVILITES.map((civilite) => (
            <div className="form-check form-check-inline" key={civilite.value}>
              <input
                className={`form-check-input ${errors.civilite ? 'is-invalid' : ''}`}
                type="radio"
                name={`${idPrefix}-civilite`}
                id={`${idPrefix}-civilite-${civilite.value}`}
                value={civilite.value}
                checked={values.civilite === String(civilite.value)}
                onChange={(event) => onChange('civilite', event.target.value)}
              />
              <label className="form-check-label" htmlFor={`${idPrefix}-civilite-${civilite.value}`}>
                {civilite.label}
              </label>
            </div>
          ))}
        </div>
        {errors.civilite && (
          <div id={`${idPrefix}-civilite-error`} className="invalid-feedback d-block">
            {errors.civilite}
          </div>
        )}
      </div>
      {field('prenom', 'Prénom', <input type="text" autoComplete="given-name" {...input('prenom')} />)}
      {field('nom', 'Nom', <input type="text" autoComplete="family-name" {...input('nom')} />)}
      {field('telephone', 'Téléphone', <input type="tel" autoComplete="tel" placeholder="+221 77 123 45 67" {...input('telephone')} />)}
      {field('ville', 'Ville', <input type="text" autoComplete="address-level2" {...input('ville')} />)}
      {field(
        'pays',
        'Pays',
        <select autoComplete="country" {...input('pays', 'form-select')}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>,
      )}
    </>
  )
}
