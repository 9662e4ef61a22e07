// Sign-in with the storefront's Firebase identity (email and password, or a phone number proved
// by an SMS code: couriers rarely have an e-mail, issue 25 §3); the demo account is hinted on a
// demo project only.
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Card, Form } from 'react-bootstrap'
import { authErrorMessage } from '@teranga/shared/firebase-errors'
import { MESSAGES } from '@teranga/shared/messages'
import { normalizePhone, PHONE_MESSAGES } from '@teranga/shared/phone'
import type { PhoneChallenge } from '../../lib/firebase.ts'
import { FormField } from '../../components/form-field.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { isDemo } from '../../lib/config.ts'
import { signInSchema, type SignInFields } from './sign-in-schema.ts'

/** The phone way: the number, then the code received by SMS. */
function PhoneSignIn() {
  const { signInWithIdToken } = useAuth()
  const recaptcha = useRef<HTMLDivElement>(null)
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [challenge, setChallenge] = useState<PhoneChallenge | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (step: () => Promise<void>) => {
    setError(null)
    setBusy(true)
    try {
      await step()
    } catch (err) {
      setError(`${MESSAGES.loginError}${authErrorMessage(err)}`)
    } finally {
      setBusy(false)
    }
  }
  const sendCode = (event: React.FormEvent) => {
    event.preventDefault()
    const number = normalizePhone(phone)
    if (!number.ok) return setError(number.message)
    void run(async () => {
      const { requestPhoneCode } = await import('../../lib/firebase.ts')
      setChallenge(await requestPhoneCode(number.e164, recaptcha.current!))
    })
  }
  const confirm = (event: React.FormEvent) => {
    event.preventDefault()
    if (!/^\d{6}$/.test(code.trim())) return setError(PHONE_MESSAGES.code)
    void run(async () => signInWithIdToken(await challenge!.confirm(code.trim())))
  }
  return (
    <Form noValidate onSubmit={challenge ? confirm : sendCode}>
      {!challenge ? (
        <Form.Group controlId="signin-telephone" className="mb-3">
          <Form.Label>Numéro de téléphone</Form.Label>
          <Form.Control type="tel" inputMode="tel" autoComplete="tel" placeholder="77 123 45 67" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </Form.Group>
      ) : (
        <Form.Group controlId="signin-code" className="mb-3">
          <Form.Label>Code reçu par SMS</Form.Label>
          <Form.Control inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        </Form.Group>
      )}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <div ref={recaptcha} />
      <Button type="submit" className="w-100" disabled={busy}>
        {challenge ? 'Se connecter' : 'Recevoir le code'}
      </Button>
    </Form>
  )
}

export function SignInPage() {
  const { signIn } = useAuth()
  const [byPhone, setByPhone] = useState(false)
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
        {byPhone ? (
          <PhoneSignIn />
        ) : (
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
        )}
        <Button variant="link" className="w-100 mt-2" onClick={() => setByPhone(!byPhone)}>
          {byPhone ? 'Avec mon adresse e-mail' : 'Avec mon numéro de téléphone (livreurs)'}
        </Button>
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
