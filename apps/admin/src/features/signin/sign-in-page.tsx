// Sign-in with the storefront's Firebase identity (email and password); the demo account is
// hinted on a demo project only.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Card, Form } from 'react-bootstrap'
import { authErrorMessage } from '@teranga/shared/firebase-errors'
import { MESSAGES } from '@teranga/shared/messages'
import { FormField } from '../../components/form-field.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { isDemo } from '../../lib/config.ts'
import { signInSchema, type SignInFields } from './sign-in-schema.ts'

export function SignInPage() {
  const { signIn } = useAuth()
  const [error, setError] = useState<string | null>(null)
  const { register, handleSubmit, formState } = useForm<SignInFields>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } })
  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null)
    try {
      await signIn(email, password)
    } catch (err) {
      // Firebase's refusal in French (never its English text or code), the shop's own as it says.
      setError(`${MESSAGES.loginError}${authErrorMessage(err)}`)
    }
  })
  return (
    <main className="signin container py-5" style={{ maxWidth: 420 }}>
      <h1 className="h3 mb-4 text-center">Teranga — back-office</h1>
      <Card body>
        <Form noValidate onSubmit={onSubmit}>
          <FormField id="email" className="mb-3" label="Adresse e-mail" type="email" autoComplete="username" {...register('email')} error={formState.errors.email?.message} />
          <FormField id="password" className="mb-3" label="Mot de passe" type="password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" className="w-100" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Connexion…' : 'Se connecter'}
          </Button>
        </Form>
        {isDemo() && (
          <p className="small text-muted mt-3 mb-0">
            Démo : <code>admin@teranga.sn</code> / <code>teranga-admin</code>
          </p>
        )}
      </Card>
    </main>
  )
}

export function ForbiddenPage() {
  const { signOut } = useAuth()
  const [notice, setNotice] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const confirm = async () => {
    setSending(true)
    try {
      const { sendVerificationEmail } = await import('../../lib/firebase.ts')
      const result = await sendVerificationEmail()
      if (result.status === 'sent') setNotice(`E-mail de confirmation envoyé à ${result.email}. Ouvrez le lien qu'il contient, puis reconnectez-vous : votre invitation sera acceptée.`)
      else if (result.status === 'already') setNotice(`L'adresse ${result.email} est déjà confirmée. Si un administrateur vous a invité avec cette adresse, reconnectez-vous ; sinon, demandez-lui une invitation.`)
      else setNotice("Reconnectez-vous d'abord pour recevoir l'e-mail de confirmation.")
    } catch (err) {
      setNotice(authErrorMessage(err))
    } finally {
      setSending(false)
    }
  }
  return (
    <main className="container py-5 text-center" style={{ maxWidth: 520 }}>
      <h1 className="h3">Accès réservé à l'équipe</h1>
      <p>Ce compte n'a pas accès au back-office de Teranga. Connectez-vous avec un compte de l'équipe.</p>
      <p className="small">
        Vous avez reçu une invitation ? Elle est acceptée à votre connexion une fois votre adresse e-mail confirmée (un compte Google l'est déjà).
      </p>
      {notice && (
        <Alert variant="info" role="status">
          {notice}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <Button variant="outline-primary" disabled={sending} onClick={() => void confirm()}>
          Envoyer l'e-mail de confirmation
        </Button>
        <Button onClick={() => void signOut()}>Se déconnecter</Button>
      </div>
    </main>
  )
}
