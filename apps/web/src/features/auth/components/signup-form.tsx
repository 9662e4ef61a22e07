// The sign-up page's form (spec §2 /signup): a Firebase account by email and password, then
// the customer's details (civilité, prénom, nom, téléphone, ville, pays by 3-letter code),
// checked with the shared schema and sent with the first sign-in.
import { useState } from 'react'
import { DEFAULT_COUNTRY } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { CustomerDetailsFields, parseCustomerDetails, type CustomerDetailsField } from '@/components/forms/customer-details-fields.tsx'
import { fieldProps, FormField, type FieldErrors } from '@/components/forms/form-field.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { preloadFirebase, showLoginError, socialLoginFields } from './use-sign-in.ts'

type Field = 'email' | 'password' | 'confirmation' | CustomerDetailsField
type Errors = FieldErrors<Field>

export function SignupForm() {
  const { signIn } = useAuth()
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

  const setValue = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }))

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const details = parseCustomerDetails(values)
    const found: Errors = { ...details.errors }
    if (values.password !== values.confirmation) found.confirmation = MESSAGES.passwordMismatch
    setErrors(found)
    if (!details.data || Object.keys(found).length > 0) return
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
    <FormField idPrefix="signup" name={name} label={label} error={errors[name]}>
      {input}
    </FormField>
  )
  const inputProps = (name: Field) => ({
    ...fieldProps('signup', name, errors[name]),
    className: `form-control ${errors[name] ? 'is-invalid' : ''}`,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
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
        <CustomerDetailsFields idPrefix="signup" values={values} errors={errors} onChange={setValue} />
      </fieldset>
      <div className="col-12">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Création du compte…' : 'Créer mon compte'}
        </button>
      </div>
    </form>
  )
}
