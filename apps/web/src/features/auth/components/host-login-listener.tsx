// In a mobile app's webview the host signs in with Google and sends the ID token back as a
// 'google-login-result' message. Listened to once for the whole page, whatever forms show.
import { useEffect } from 'react'
import { useAuth } from '@/lib/auth.tsx'
import { isMobileWebView, parseHostLoginResult } from '@/lib/webview.ts'
import { showLoginError, socialLoginFields } from './use-sign-in.ts'

export function HostLoginListener() {
  const { signIn } = useAuth()
  useEffect(() => {
    // Elsewhere no host answers, and any page holding this window (an opener, a frame parent)
    // could post a result and sign the shopper into its own account.
    if (!isMobileWebView()) return
    const onMessage = (event: MessageEvent) => {
      const result = parseHostLoginResult(event.data)
      if (!result) return
      signIn(
        socialLoginFields({ idToken: result.idToken, email: result.email ?? '', displayName: result.displayName ?? '', photoURL: result.photoURL ?? '' }),
      ).catch(showLoginError)
    }
    // React Native's WebView delivers on document, browsers' hosts on window.
    window.addEventListener('message', onMessage)
    document.addEventListener('message', onMessage as EventListener)
    return () => {
      window.removeEventListener('message', onMessage)
      document.removeEventListener('message', onMessage as EventListener)
    }
  }, [signIn])
  return null
}
