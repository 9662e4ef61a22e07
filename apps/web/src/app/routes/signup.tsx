// /signup: create an account; a signed-in customer is told so instead.
import { Link } from 'react-router'
import { Spinner } from '@/components/ui/spinner.tsx'
import { contactOf, useAuth } from '@/lib/auth.tsx'
import { SignupForm } from '@/features/auth/components/signup-form.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'

export function Component() {
  useDocumentTitle('Créer un compte')
  const { state } = useAuth()
  return (
    <div className="mx-auto" style={{ maxWidth: '48rem' }}>
      <h1 className="h3 mb-3">Créer un compte</h1>
      {state.status === 'loading' ? (
        <Spinner />
      ) : state.status === 'signedIn' ? (
        <p>
          Vous êtes déjà connecté en tant que {contactOf(state.user)}. <Link to="/">Retour à l'accueil</Link>
        </p>
      ) : (
        <SignupForm />
      )}
    </div>
  )
}
