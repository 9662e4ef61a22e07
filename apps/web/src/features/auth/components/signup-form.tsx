// The sign-up page's form (spec §2 /signup): a Firebase account by email and password, then
// the customer's details (civilité, prénom, nom, téléphone, ville, pays by 3-letter code),
// checked with the shared schema and sent with the first sign-in.
import { useMemo, useState } from 'react'
import countries from 'i18n-iso-countries'
import fr from 'i18n-iso-countries/langs/fr.json'
import { CIVILITES, DEFAULT_COUNTRY } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { customerDetailsSchema } from '@teranga/shared/schemas'
import { useAuth } from '@/lib/auth.tsx'
import { preloadFirebase, showLoginError, socialLoginFields } from './use-sign-in.ts'

countries.registerLocale(fr)

type Field = 'email' | 'password' | 'confirmation' | 'civilite' | 'prenom' | 'nom' | 'telephone' | 'ville' | 'pays'
type Errors = Partial<Record<Field, string>>

function countryOptions() {
  const collator = new Intl.Collator('fr')
  return Object.entries(countries.getNames('fr', { select: 'official' }))
    .map(([alpha2, name]) => ({ value: countries.alpha2ToAlpha3(alpha2) ?? alpha2, label: name }))
    .sort((a, b) => collator.compare(a.label, b.label))
}

export function SignupForm() {
  const { signIn } = useAuth()
  const options = useMemo(countryOptions, [])
  const [values, setValues] = useState({
    email: '',
    password: '',
    confirmation: '',
    civilite: '',
    prenom: '',
    nom: '',
    telephone: '',
    ville: 'Dakar',
    pays: DEFAULT_COUNTRY,
  })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const details = customerDetailsSchema.safeParse({ ...values, civilite: values.civilite === '' ? undefined : Number(values.civilite) })
    const found: Errors = {}
    if (!details.success) for (const issue of details.error.issues) found[issue.path[0] as Field] ??= issue.message
    if (values.password !== values.confirmation) found.confirmation = MESSAGES.passwordMismatch
    setErrors(found)
    if (!details.success || Object.keys(found).length > 0) return
    setBusy(true)
    try {
      const { emailSignUp } = await preloadFirebase()
      const identity = await emailSignUp(values.email, values.password)
      const { telephone, ...rest } = details.data
      await signIn(socialLoginFields(identity, { ...rest, tel: telephone, telephone1: telephone }))
    } catch (error) {
      showLoginError(error)
      setBusy(false)
    }
  }

  const field = (name: Field, label: string, input: React.ReactNode) => (
    <div className="col-md-6">
      <label htmlFor={`signup-${name}`} className="form-label">
        {label}
      </label>
      {input}
      {errors[name] && (
        <div id={`signup-${name}-error`} className="invalid-feedback d-block">
          {errors[name]}
        </div>
      )}
    </div>
  )
  const inputProps = (name: Field) => ({
    id: `signup-${name}`,
    className: `form-control ${errors[name] ? 'is-invalid' : ''}`,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `signup-${name}-error` : undefined,
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)} onFocus={() => void preloadFirebase()} className="row g-3">
      <fieldset className="col-12 row g-3 m-0 p-0">
        <legend className="h5">Vos identifiants</legend>
        {field('email', 'E-mail', <input type="email" autoComplete="email" required {...inputProps('email')} />)}
        <div className="col-md-6 d-none d-md-block" />
        {field('password', 'Mot de passe (6 caractères au moins)', <input type="password" autoComplete="new-password" required minLength={6} {...inputProps('password')} />)}
        {field('confirmation', 'Confirmez le mot de passe', <input type="password" autoComplete="new-password" required {...inputProps('confirmation')} />)}
      </fieldset>
      <fieldset className="col-12 row g-3 m-0 p-0">
        <legend className="h5 mt-2">Vos coordonnées</legend>
        <div className="col-12">
          <span className="form-label d-block" id="signup-civilite-label">
            Civilité
          </span>
          <div role="radiogroup" aria-labelledby="signup-civilite-label" aria-describedby={errors.civilite ? 'signup-civilite-error' : undefined}>
            {CIVILITES.map((civilite) => (
              <div className="form-check form-check-inline" key={civilite.value}>
                <input
                  className={`form-check-input ${errors.civilite ? 'is-invalid' : ''}`}
                  type="radio"
                  name="civilite"
                  id={`signup-civilite-${civilite.value}`}
                  value={civilite.value}
                  checked={values.civilite === String(civilite.value)}
                  onChange={set('civilite')}
                />
                <label className="form-check-label" htmlFor={`signup-civilite-${civilite.value}`}>
                  {civilite.label}
                </label>
              </div>
            ))}
          </div>
          {errors.civilite && (
            <div id="signup-civilite-error" className="invalid-feedback d-block">
              {errors.civilite}
            </div>
          )}
        </div>
        {field('prenom', 'Prénom', <input type="text" autoComplete="given-name" {...inputProps('prenom')} />)}
        {field('nom', 'Nom', <input type="text" autoComplete="family-name" {...inputProps('nom')} />)}
        {field('telephone', 'Téléphone', <input type="tel" autoComplete="tel" placeholder="+221 77 123 45 67" {...inputProps('telephone')} />)}
        {field('ville', 'Ville', <input type="text" autoComplete="address-level2" {...inputProps('ville')} />)}
        {field(
          'pays',
          'Pays',
          <select {...inputProps('pays')} className={`form-select ${errors.pays ? 'is-invalid' : ''}`} autoComplete="country">
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>,
        )}
      </fieldset>
      <div className="col-12">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Création du compte…' : 'Créer mon compte'}
        </button>
      </div>
    </form>
  )
}
