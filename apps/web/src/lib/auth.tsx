// Who is signed in (spec §4): loading, then signed in (the stored token still opens the
// profile) or signed out. Signing in stores the server's token and reloads; signing out
// leaves Firebase, revokes the token and reloads. Any 401 drops back to signed out.
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { rest, UNAUTHORIZED_EVENT } from './api-client.ts'
import { tokenStorage } from './storage.ts'

export interface Utilisateur {
  id: number
  prenom: string
  nom: string
  email: string
  image: string | null
  googleImg: string | null
  telephone?: string | null
  ville?: string | null
  pays?: string | null
  civilite?: number | null
  points?: number
}

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: Utilisateur }
  | { status: 'signedOut'; user: null }

export interface SocialLoginFields {
  idToken: string
  email?: string
  login?: string
  nom?: string
  prenom?: string
  tel?: string
  telephone1?: string
  image?: string
  googleImg?: string
  civilite?: number
  ville?: string
  pays?: string
}

interface AuthContextValue {
  state: AuthState
  /** Exchanges a Firebase ID token for the shop's token, stores it and reloads the page. */
  signIn: (fields: SocialLoginFields) => Promise<void>
  signOut: () => Promise<void>
}

const AuthContext = createContext<AuthContextValue | null>(null)

export function reloadPage() {
  window.location.reload()
}

export function AuthProvider({ children, onReload = reloadPage }: { children: ReactNode; onReload?: () => void }) {
  const [state, setState] = useState<AuthState>(() =>
    tokenStorage.get() ? { status: 'loading', user: null } : { status: 'signedOut', user: null },
  )

  useEffect(() => {
    if (!tokenStorage.get()) return
    let cancelled = false
    rest<{ utilisateur?: Utilisateur }>('GET', '/profile')
      .then(({ utilisateur }) => {
        if (cancelled) return
        if (utilisateur) setState({ status: 'signedIn', user: utilisateur })
        else {
          tokenStorage.clear()
          setState({ status: 'signedOut', user: null })
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return
        // A server that cannot be reached says nothing about the token: keep it for next time.
        if (error instanceof Error && 'status' in error && error.status !== 0) tokenStorage.clear()
        setState({ status: 'signedOut', user: null })
      })
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(() => {
    const onUnauthorized = () => setState({ status: 'signedOut', user: null })
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized)
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized)
  }, [])

  const signIn = useCallback(
    async (fields: SocialLoginFields) => {
      const { token } = await rest<{ token: string; utilisateur: Utilisateur }>('POST', '/sociallogin', fields)
      tokenStorage.set(token)
      onReload()
    },
    [onReload],
  )

  const signOut = useCallback(async () => {
    await Promise.allSettled([
      import('./firebase.ts').then(({ firebaseSignOut }) => firebaseSignOut()),
      tokenStorage.get() ? rest('POST', '/logout') : Promise.resolve(),
    ])
    tokenStorage.clear()
    onReload()
  }, [onReload])

  const value = useMemo(() => ({ state, signIn, signOut }), [state, signIn, signOut])
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
