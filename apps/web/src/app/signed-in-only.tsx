// A page for signed-in customers only (the checkout): instead of the page, a visitor sees why
// and the sign-in form, and a spinner shows while the session is checked. `heading` is for
// pages whose title comes with their content (an order's page).
import type { ReactNode } from 'react'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { LoginForm } from '@/features/auth/components/login-form.tsx'

export function SignedInOnly({ prompt, heading, children }: { prompt: string; heading?: string; children: (user: Utilisateur) => ReactNode }) {
  const { state } = useAuth()
  if (state.status === 'signedIn') return children(state.user)
  return (
    <>
      {heading && <Heading text={heading} />}
      {state.status === 'loading' ? (
        <Spinner />
      ) : (
        <div className="mx-auto" style={{ maxWidth: '24rem' }}>
          <p>{prompt}</p>
          <LoginForm idPrefix="page-login" />
        </div>
      )}
    </>
  )
}

function Heading({ text }: { text: string }) {
  useDocumentTitle(text)
  return <h1 className="h3 mb-3">{text}</h1>
}
