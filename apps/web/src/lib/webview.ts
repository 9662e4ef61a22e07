// Mobile app webviews (spec §4): there, Google sign-in is the host app's job, asked for with
// a 'google-login' message, because Google refuses its popup inside embedded browsers.

const MOBILE_UA = /WebView|iPhone|iPod|iPad|Android/i

interface HostBridge {
  ReactNativeWebView?: { postMessage: (message: string) => void }
  webkit?: { messageHandlers?: Record<string, { postMessage: (message: unknown) => void }> }
}

/**
 * A mobile user agent *and* an app around the page. The spec's user-agent test alone would
 * also catch every phone browser, where the popup works and no host app would answer
 * (docs/decisions/007).
 */
export function isMobileWebView(userAgent = navigator.userAgent, host: HostBridge = window as unknown as HostBridge): boolean {
  if (!MOBILE_UA.test(userAgent)) return false
  return Boolean(host.ReactNativeWebView || host.webkit?.messageHandlers?.['googleLogin']) || /; wv\)|WebView/.test(userAgent)
}

/** Asks the host app to sign in with Google; it answers with a `google-login-result` message. */
export function postGoogleLoginToHost(host: HostBridge = window as unknown as HostBridge): void {
  if (host.ReactNativeWebView) host.ReactNativeWebView.postMessage('google-login')
  else if (host.webkit?.messageHandlers?.['googleLogin']) host.webkit.messageHandlers['googleLogin'].postMessage('google-login')
  else window.parent.postMessage('google-login', '*')
}

export interface HostLoginResult {
  type: 'google-login-result'
  idToken: string
  email?: string
  displayName?: string
  photoURL?: string
}

export function parseHostLoginResult(data: unknown): HostLoginResult | null {
  const value = typeof data === 'string' ? safeParse(data) : data
  if (!value || typeof value !== 'object') return null
  const result = value as Partial<HostLoginResult>
  return result.type === 'google-login-result' && typeof result.idToken === 'string' ? (result as HostLoginResult) : null
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
