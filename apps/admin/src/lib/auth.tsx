// Who is signed in: the shop's token (POST /api/sociallogin with a Firebase ID token), then
// GET /api/admin/moi for the role. A customer (403) is "forbidden"; any 401 signs out.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, onUnauthorized, tokenStorage } from './api.ts'
import type { StaffMember } from '@teranga/shared/backoffice-staff'
import type { StaffRole } from '@teranga/shared/constants'

export type AuthState =
  | { status: 'signedOut' }
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'signedIn'; staff: StaffMember }

interface AuthValue {
  state: AuthState
  signIn: (email: string, password: string) => Promise<void>
  /** Signs in with a Firebase ID token already obtained (a phone number proved by SMS). */
  signInWithIdToken: (idToken: string) => Promise<void>
  signOut: () => Promise<void>
}

const AuthContext = createContext<AuthValue | null>(null)

/** Who the token belongs to (GET /api/admin/moi), read once per token. */
export const getMe = () => api<StaffMember>('GET', '/admin/moi')
export const meQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['moi', token], queryFn: getMe, enabled: Boolean(token), retry: false, staleTime: Infinity })

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [token, setToken] = useState(() => tokenStorage.get())
  useEffect(
    () =>
      onUnauthorized(() => {
        setToken(null)
        queryClient.clear()
      }),
    [queryClient],
  )
  const moi = useQuery(meQueryOptions(token))

  const signIn = useCallback(async (email: string, password: string) => {
    const { emailSignIn } = await import('./firebase.ts')
    const identity = await emailSignIn(email, password)
    const { token: apiToken } = await api<{ token: string }>('POST', '/sociallogin', { idToken: identity.idToken, email: identity.email })
    tokenStorage.set(apiToken)
    setToken(apiToken)
  }, [])

  const signInWithIdToken = useCallback(async (idToken: string) => {
    const { token: apiToken } = await api<{ token: string }>('POST', '/sociallogin', { idToken })
    tokenStorage.set(apiToken)
    setToken(apiToken)
  }, [])

  const signOut = useCallback(async () => {
    tokenStorage.clear()
    setToken(null)
    queryClient.clear()
    await import('./firebase.ts').then(({ firebaseSignOut }) => firebaseSignOut()).catch(() => undefined)
  }, [queryClient])

  const state: AuthState = useMemo(() => {
    if (!token) return { status: 'signedOut' }
    if (moi.data) return { status: 'signedIn', staff: moi.data }
    if (moi.error instanceof ApiError && moi.error.status === 403) return { status: 'forbidden' }
    if (moi.error) return { status: 'signedOut' }
    return { status: 'loading' }
  }, [token, moi.data, moi.error])

  const value = useMemo(() => ({ state, signIn, signInWithIdToken, signOut }), [state, signIn, signInWithIdToken, signOut])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth outside AuthProvider')
  return value
}

/** The signed-in staff member's role (the pages are shown only once signed in). */
export function useRole(): StaffRole {
  const { state } = useAuth()
  return state.status === 'signedIn' ? state.staff.role : 'gestionnaire'
}
