// Who is signed in (spec §4): loading, then signed in (the stored token still opens the
// profile) or signed out. Signing in stores the server's token and reloads (or opens the page
// it is told to); signing out leaves Firebase, revokes the token and reloads. Any 401 drops
// back to signed out.
import { createContext, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { formatPhone } from '@teranga/shared/phone'
import { ApiError } from './api-client.ts'
import { getProfile, logout, socialLogin, type SocialLoginFields } from './api/session-api.ts'
import { tokenStorage } from './storage.ts'

/** How the shop tells the customer who they are signed in as: their email, or the proved phone of a phone-only account. */
export const contactOf = (user: Utilisateur) => user.email || (user.telephoneVerifie ? formatPhone(user.telephoneVerifie) : '')

/** « Awa Diop », or the contact of an account that has no name yet (a first phone sign-in). */
export const nameOf = (user: Utilisateur) => `${user.prenom} ${user.nom}`.trim() || contactOf(user)

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: Utilisateur }
  /** `unreachable`: a token is kept but the server could not be reached (offline), so the shop shows the visitor's screens meanwhile. */
  | { status: 'signedOut'; user: null; unreachable?: boolean }

interface AuthContextValue {
  state: AuthState
  /** Exchanges a Firebase ID token for the shop's token, stores it and reloads the page, or opens `goTo`. */
  signIn: (fields: SocialLoginFields, options?: { goTo?: string }) => Promise<void>
  /**
   * Leaves Firebase, clears the token and reloads. `revoke: false` when the server has already
   * revoked it (signed out everywhere, account deleted): asking again would only meet a 401.
   */
  signOut: (options?: { revoke?: boolean }) => Promise<void>
  /** Shows the customer's new details (PUT /api/profile's answer, a new balance) everywhere at once. */
  updateProfile: (user: Utilisateur) => void
}

const AuthContext = createContext<AuthContextValue | null>(null)

/** Loads the page anew, signed in or out: this one, or `goTo`. */
export type Reload = (goTo?: string) => void

export function reloadPage(goTo?: string) {
  if (goTo) window.location.assign(goTo)
  else window.location.reload()
}

const hasStoredToken = () => tokenStorage.get() !== null
// Pages are rendered on the server for a visitor: hydration starts signed out, then the
// stored token (if any) takes over.
const noTokenOnServer = () => false
const PROFILE_RETRIES = 3
const PROFILE_RETRY_MS = 5000

export function AuthProvider({ children, onReload = reloadPage }: { children: ReactNode; onReload?: Reload }) {
  const hasToken = useSyncExternalStore(tokenStorage.subscribe, hasStoredToken, noTokenOnServer)
  const [user, setUser] = useState<Utilisateur | null>(null)
  // The profile call could not reach the server: shown as signed out meanwhile, and asked
  // again a few times (`attempt` counts the retries).
  const [offline, setOffline] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // Signed in and reloading: this page is about to be replaced, so it keeps showing what it
  // showed and acts on nothing with the new token. Otherwise the leaving page would ask for the
  // profile, merge the local cart and load signed-in screens alongside the page that replaces
  // it, and an answer cut short by the reload could be taken for the server's.
  const [leaving, setLeaving] = useState(false)

  // Signed out (here or in another tab): forget the last profile (set while rendering, not in an effect).
  if (!hasToken && (user !== null || offline)) {
    setUser(null)
    setOffline(false)
  }

  useEffect(() => {
    if (leaving || !hasToken) return
    let cancelled = false
    let retry: ReturnType<typeof setTimeout> | undefined
    getProfile()
      .then((answer) => {
        if (cancelled) return
        setOffline(false)
        if (answer?.utilisateur) setUser(answer.utilisateur)
        else tokenStorage.clear()
      })
      .catch((error: unknown) => {
        if (cancelled) return
        // A 401 has already removed the token; any other failed call removes it too (spec
        // §4). A server that cannot be reached says nothing about the token: keep it and ask
        // again a little later (a phone between two cells), showing the visitor's shop meanwhile.
        if (error instanceof ApiError && error.status === 0) {
          setOffline(true)
          if (attempt < PROFILE_RETRIES) retry = setTimeout(() => setAttempt((n) => n + 1), PROFILE_RETRY_MS)
        } else tokenStorage.clear()
      })
    return () => {
      cancelled = true
      clearTimeout(retry)
    }
  }, [hasToken, attempt, leaving])

  const state: AuthState = useMemo(
    () =>
      !hasToken || leaving
        ? { status: 'signedOut', user: null }
        : offline && !user
          ? { status: 'signedOut', user: null, unreachable: true }
          : user
            ? { status: 'signedIn', user }
            : { status: 'loading', user: null },
    [hasToken, leaving, offline, user],
  )

  const signIn = useCallback(
    async (fields: SocialLoginFields, { goTo }: { goTo?: string } = {}) => {
      const { token } = await socialLogin(fields)
      // Committed before the token is stored, which wakes the store's subscribers at once.
      flushSync(() => setLeaving(true))
      tokenStorage.set(token)
      onReload(goTo)
    },
    [onReload],
  )

  const signOut = useCallback(
    async ({ revoke = true }: { revoke?: boolean } = {}) => {
      await Promise.allSettled([
        import('./firebase.ts').then(({ firebaseSignOut }) => firebaseSignOut()),
        revoke && tokenStorage.get() ? logout() : Promise.resolve(),
      ])
      tokenStorage.clear()
      onReload()
    },
    [onReload],
  )

  // The answer may leave out fields the profile call gives (the loyalty balance): keep those.
  const updateProfile = useCallback((next: Utilisateur) => setUser((current) => (current ? { ...current, ...next } : current)), [])

  const value = useMemo(() => ({ state, signIn, signOut, updateProfile }), [state, signIn, signOut, updateProfile])
  return <AuthContext value={value}>{children}</AuthContext>
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext)
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>')
  return context
}

/** 'auth' when requests carry a token: product answers then include the viewer's `like`. */
export function useViewer(): 'anon' | 'auth' {
  const { state } = useAuth()
  return state.status === 'signedOut' ? 'anon' : 'auth'
}
