// /profile: the customer's space. Signed in, a menu beside the page (account, addresses,
// orders, rewards, favourites, parameters); visitors see the sign-in form instead, and the
// page's own prompt. Each page names its title and prompt in its route `handle`.
import { Navigate, Outlet, useMatches } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { ProfileNav } from '@/features/account/components/profile-nav.tsx'
import { SignedInOnly } from '../signed-in-only.tsx'

export interface ProfilePageHandle {
  title: string
  /** What a visitor is told above the sign-in form. */
  signInPrompt: string
}

const DEFAULT_PAGE: ProfilePageHandle = { title: 'Mon compte', signInPrompt: 'Connectez-vous pour accéder à votre compte.' }

function isProfilePage(handle: unknown): handle is ProfilePageHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'signInPrompt' in handle
}

export function Component() {
  // The deepest page that names itself (not `findLast`: older Android WebViews lack it).
  const page = useMatches().map((match) => match.handle).reverse().find(isProfilePage) ?? DEFAULT_PAGE
  useDocumentTitle(page.title)
  return (
    <SignedInOnly prompt={page.signInPrompt} heading={page.title}>
      {() => (
        <div className="row g-3 g-lg-4">
          <div className="col-md-4 col-lg-3">
            <ProfileNav />
          </div>
          <div className="col-md-8 col-lg-9 min-w-0">
            <h1 className="h3 mb-3">{page.title}</h1>
            <Outlet />
          </div>
        </div>
      )}
    </SignedInOnly>
  )
}

/** /profile itself opens the account page. */
export function ProfileIndex() {
  return <Navigate to="/profile/account" replace />
}
