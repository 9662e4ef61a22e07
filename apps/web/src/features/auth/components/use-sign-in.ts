// Sign-in actions shared by the header form and the sign-up page: Firebase first (loaded on
// demand), then the shop's own token. Failures show the spec's toast with the reason.
import { useCallback } from 'react'
import { useLocation } from 'react-router'
import { toast } from '@/lib/notify.ts'
import { authErrorMessage } from '@teranga/shared/firebase-errors'
import { MESSAGES } from '@teranga/shared/messages'
import type { SocialLoginFields } from '@/lib/api/session-api.ts'
import { useAuth } from '@/lib/auth.tsx'
import type { FirebaseIdentity } from '@/lib/firebase.ts'
import { isMobileWebView, postGoogleLoginToHost } from '@/lib/webview.ts'
import { returnPath } from '../return-path.ts'

/** Starts loading Firebase before the click, so the Google popup opens within the user's gesture. */
export const preloadFirebase = () => import('@/lib/firebase.ts')

/** The spec's social-login user: display name split as prénom then the rest as nom. */
export function socialLoginFields(identity: FirebaseIdentity, extra: Partial<SocialLoginFields> = {}): SocialLoginFields {
  const words = identity.displayName.trim().split(/\s+/).filter(Boolean)
  return {
    idToken: identity.idToken,
    // A phone sign-in has no email: the server takes the proved number from the token.
    ...(identity.email ? { email: identity.email, login: identity.email } : {}),
    prenom: words[0] ?? '',
    nom: words.slice(1).join(' '),
    ...(identity.photoURL ? { image: identity.photoURL, googleImg: identity.photoURL } : {}),
    ...extra,
  }
}

export function showLoginError(error: unknown) {
  toast.error(`${MESSAGES.loginError}${authErrorMessage(error)}`)
}

export function useSignInActions() {
  const { signIn } = useAuth()
  const { pathname, search } = useLocation()
  // Signing in from the sign-up page goes where the sign-up would have: the page it came from.
  const goTo = pathname === '/signup' ? returnPath(search) : undefined

  const withGoogle = useCallback(async () => {
    if (isMobileWebView()) {
      postGoogleLoginToHost()
      return
    }
    try {
      const { googleSignIn } = await preloadFirebase()
      await signIn(socialLoginFields(await googleSignIn()), { goTo })
    } catch (error) {
      showLoginError(error)
    }
  }, [signIn, goTo])

  const withEmail = useCallback(
    async (email: string, password: string) => {
      try {
        const { emailSignIn } = await preloadFirebase()
        await signIn(socialLoginFields(await emailSignIn(email, password)), { goTo })
      } catch (error) {
        showLoginError(error)
      }
    },
    [signIn, goTo],
  )

  /** The identity of a proved phone; a refusal of the shop's is thrown for the form to show. */
  const withPhone = useCallback((identity: FirebaseIdentity) => signIn(socialLoginFields(identity), { goTo }), [signIn, goTo])

  return { withGoogle, withEmail, withPhone }
}
