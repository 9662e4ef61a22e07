// The sign-in form (spec §2, §5): email and password, Google, or a phone number (issue 18).
// The password goes only to Firebase, never to the shop's server.
import { lazy, Suspense, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Icon } from '@/components/ui/icon.tsx'
import { signupLink } from '../return-path.ts'
import { preloadFirebase, useSignInActions } from './use-sign-in.ts'

// Loaded when asked for: the phone form stays out of the first page's JavaScript.
const PhoneSignIn = lazy(() => import('./phone-sign-in.tsx'))

export function LoginForm({ idPrefix = 'login', onNavigate }: { idPrefix?: string; onNavigate?: () => void }) {
  const { withGoogle, withEmail } = useSignInActions()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [byPhone, setByPhone] = useState(false)
  const location = useLocation()

  return (
    <div className="login-form" onPointerEnter={() => void preloadFirebase()} onFocus={() => void preloadFirebase()}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          setBusy(true)
          void withEmail(email, password).finally(() => setBusy(false))
        }}
      >
        <div className="mb-2">
          <label htmlFor={`${idPrefix}-email`} className="form-label small mb-1">
            E-mail
          </label>
          <input id={`${idPrefix}-email`} type="email" className="form-control" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="mb-3">
          <label htmlFor={`${idPrefix}-password`} className="form-label small mb-1">
            Mot de passe
          </label>
          <input
            id={`${idPrefix}-password`}
            type="password"
            className="form-control"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {busy ? 'Connexion…' : 'Se connecter'}
        </button>
      </form>
      <div className="text-center small text-body-secondary my-2">ou</div>
      <button
        type="button"
        className="btn btn-outline-dark w-100 d-flex align-items-center justify-content-center gap-2"
        onClick={() => {
          setBusy(true)
          void withGoogle().finally(() => setBusy(false))
        }}
        disabled={busy}
      >
        <Icon name="google" size={16} /> Continuer avec Google
      </button>
      <div className="mt-2">
        {byPhone ? (
          <Suspense fallback={<p className="small text-body-secondary mb-0">Chargement…</p>}>
            <PhoneSignIn idPrefix={idPrefix} />
          </Suspense>
        ) : (
          <button type="button" className="btn btn-outline-secondary w-100" onClick={() => setByPhone(true)} disabled={busy}>
            Continuer avec un numéro de téléphone
          </button>
        )}
      </div>
      <p className="small text-center mt-3 mb-0">
        Pas encore de compte ?{' '}
        <Link to={signupLink(location)} onClick={onNavigate}>
          Créer un compte
        </Link>
      </p>
    </div>
  )
}
