// The sign-up page's form (spec §2 /signup): a Firebase account by email and password, then
// the customer's details (civilité, prénom, nom, téléphone, ville, pays by 3-letter code),
// checked with the shared schema and sent with the first sign-in.
import { useState } from 'react'
import { useLocation } from 'react-router'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, useForm } from 'react-hook-form'
import { z } from 'zod'
import { DEFAULT_COUNTRY } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { CustomerDetailsFields, customerDetailsFormSchema, type CustomerDetailsValues } from '@/components/forms/customer-details-fields.tsx'
import { errorOf, fieldProps, FormField } from '@/components/forms/form-field.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { returnPath } from '../return-path.ts'
import { preloadFirebase, showLoginError, socialLoginFields } from './use-sign-in.ts'

// E-mail and password go to Firebase, which judges them (its refusal is the sign-in toast);
// the form only checks that the password was typed twice alike.
const passwords = z.object({ password: z.string(), confirmation: z.string() })
const signupSchema = customerDetailsFormSchema.extend({ email: z.string(), ...passwords.shape }).refine((values) => values.password === values.confirmation, {
  message: MESSAGES.passwordMismatch,
  path: ['confirmation'],
  // Said together with the details' own messages, not after they are fixed.
  when: (payload) => passwords.safeParse(payload.value).success,
})

type SignupValues = CustomerDetailsValues & { email: string; password: string; confirmation: string }
type SignupData = z.output<typeof signupSchema>

export function SignupForm() {
  const { signIn } = useAuth()
  const { search } = useLocation()
  const form = useForm<SignupValues, unknown, SignupData>({
    resolver: zodResolver(signupSchema),
    defaultValues: { email: '', password: '', confirmation: '', civilite: '', prenom: '', nom: '', telephone: '', ville: 'Dakar', pays: DEFAULT_COUNTRY },
  })
  const { errors, isSubmitting } = form.formState
  // Signed in: the page reloads, and the button stays busy until it does.
  const [signedIn, setSignedIn] = useState(false)
  const busy = isSubmitting || signedIn

  const submit = async ({ email, password, confirmation: _confirmation, telephone, ...details }: SignupData) => {
    try {
      const { emailSignUp } = await preloadFirebase()
      const identity = await emailSignUp(email, password)
      // Back to the page the shopper left for this one: reloading /signup would only say « déjà connecté ».
      await signIn(socialLoginFields(identity, { ...details, tel: telephone, telephone1: telephone }), { goTo: returnPath(search) })
      setSignedIn(true)
    } catch (error) {
      showLoginError(error)
    }
  }

  const field = (name: 'email' | 'password' | 'confirmation', label: string, type: string, autoComplete: string) => (
    <FormField idPrefix="signup" name={name} label={label} error={errorOf(errors, name)}>
      <input
        type={type}
        autoComplete={autoComplete}
        required
        {...(name === 'password' ? { minLength: 6 } : {})}
        {...fieldProps('signup', name, errorOf(errors, name))}
        className={`form-control ${errors[name] ? 'is-invalid' : ''}`}
        {...form.register(name)}
      />
    </FormField>
  )

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} onFocus={() => void preloadFirebase()} className="row g-3">
        <fieldset className="col-12 row g-3 m-0 p-0">
          <legend className="h5">Vos identifiants</legend>
          {field('email', 'E-mail', 'email', 'email')}
          <div className="col-md-6 d-none d-md-block" />
          {field('password', 'Mot de passe (6 caractères au moins)', 'password', 'new-password')}
          {field('confirmation', 'Confirmez le mot de passe', 'password', 'new-password')}
        </fieldset>
        <fieldset className="col-12 row g-3 m-0 p-0">
          <legend className="h5 mt-2">Vos coordonnées</legend>
          <CustomerDetailsFields idPrefix="signup" />
        </fieldset>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Création du compte…' : 'Créer mon compte'}
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
