// The customer's details as the sign-up and account pages ask for them (civilité, prénom,
// nom, téléphone, ville, pays by 3-letter code), inside a react-hook-form form checked with
// the shared schema (customerDetailsFormSchema below).
import { useMemo } from 'react'
import { useFormContext } from 'react-hook-form'
// The library itself, without the package's Node entry, which loads every language's names
// with a computed require() that a bundle cannot follow (the server renderer then failed on
// /signup and /profile/account): the French names are the only ones the shop shows.
import countries from 'i18n-iso-countries/index.js'
import fr from 'i18n-iso-countries/langs/fr.json'
import { z } from 'zod'
import { CIVILITES } from '@teranga/shared/constants'
import { customerDetailsSchema } from '@teranga/shared/schemas'
import { errorOf, fieldProps, FormField } from './form-field.tsx'

countries.registerLocale(fr)

export type CustomerDetailsField = 'civilite' | 'prenom' | 'nom' | 'telephone' | 'ville' | 'pays'
/** What the inputs hold: civilité as '' or null (not chosen yet), '0' or '1'. */
export type CustomerDetailsValues = Record<Exclude<CustomerDetailsField, 'civilite'>, string> & { civilite: string | null }

/** The shared schema, reading civilité from its radio buttons ('' is none chosen). */
export const customerDetailsFormSchema = customerDetailsSchema.extend({
  civilite: z
    .string()
    .nullable()
    // None chosen: '' at first, null once react-hook-form reads the unchecked radios.
    .transform((value) => (value ? Number(value) : undefined))
    .pipe(customerDetailsSchema.shape.civilite),
})

function countryOptions() {
  const collator = new Intl.Collator('fr')
  return Object.entries(countries.getNames('fr', { select: 'official' }))
    .map(([alpha2, name]) => ({ value: countries.alpha2ToAlpha3(alpha2) ?? alpha2, label: name }))
    .sort((a, b) => collator.compare(a.label, b.label))
}

export function CustomerDetailsFields({ idPrefix }: { idPrefix: string }) {
  const { register, formState } = useFormContext<CustomerDetailsValues>()
  const options = useMemo(() => countryOptions(), [])
  const error = (name: CustomerDetailsField) => errorOf(formState.errors, name)
  const input = (name: CustomerDetailsField, className = 'form-control') => ({
    ...fieldProps(idPrefix, name, error(name)),
    className: `${className} ${error(name) ? 'is-invalid' : ''}`,
    ...register(name),
  })
  const field = (name: CustomerDetailsField, label: string, control: React.ReactNode) => (
    <FormField idPrefix={idPrefix} name={name} label={label} error={error(name)}>
      {control}
    </FormField>
  )
  const civiliteError = error('civilite')

  return (
    <>
      <div className="col-12">
        <span className="form-label d-block" id={`${idPrefix}-civilite-label`}>
          Civilité
        </span>
        <div role="radiogroup" aria-labelledby={`${idPrefix}-civilite-label`} aria-describedby={civiliteError ? `${idPrefix}-civilite-error` : undefined}>
          {CIVILITES.map((civilite) => (
            <div className="form-check form-check-inline" key={civilite.value}>
              <input
                className={`form-check-input ${civiliteError ? 'is-invalid' : ''}`}
                type="radio"
                id={`${idPrefix}-civilite-${civilite.value}`}
                value={String(civilite.value)}
                {...register('civilite')}
              />
              <label className="form-check-label" htmlFor={`${idPrefix}-civilite-${civilite.value}`}>
                {civilite.label}
              </label>
            </div>
          ))}
        </div>
        {civiliteError && (
          <div id={`${idPrefix}-civilite-error`} className="invalid-feedback d-block">
            {civiliteError}
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
