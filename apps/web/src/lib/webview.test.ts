// Mobile app webviews: which user agents and hosts count as an app around the page, how the
// 'google-login' request reaches the host, and which answers are a sign-in result.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isMobileWebView, parseHostLoginResult, postGoogleLoginToHost } from './webview.ts'

const UA = {
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidWebView: 'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
}

describe('isMobileWebView', () => {
  it('is false on a desktop browser, even with a bridge', () => {
    expect(isMobileWebView(UA.desktop, {})).toBe(false)
    expect(isMobileWebView(UA.desktop, { ReactNativeWebView: { postMessage: vi.fn() } })).toBe(false)
  })

  it('is false in a phone browser, where the Google popup works', () => {
    expect(isMobileWebView(UA.androidChrome, {})).toBe(false)
    expect(isMobileWebView(UA.iphoneSafari, {})).toBe(false)
  })

  it("is true for an Android webview ('; wv)')", () => {
    expect(isMobileWebView(UA.androidWebView, {})).toBe(true)
  })

  it('is true on a phone with a React Native or WebKit bridge', () => {
    expect(isMobileWebView(UA.iphoneApp, { ReactNativeWebView: { postMessage: vi.fn() } })).toBe(true)
    expect(isMobileWebView(UA.iphoneApp, { webkit: { messageHandlers: { googleLogin: { postMessage: vi.fn() } } } })).toBe(true)
    expect(isMobileWebView(UA.iphoneApp, { webkit: { messageHandlers: { autre: { postMessage: vi.fn() } } } })).toBe(false)
  })

  it("reads the page's own user agent by default", () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA.androidWebView)
    expect(isMobileWebView()).toBe(true)
  })
})

describe('postGoogleLoginToHost', () => {
  afterEach(() => vi.restoreAllMocks())

  it('prefers the React Native bridge', () => {
    const reactNative = { postMessage: vi.fn() }
    const webkit = { postMessage: vi.fn() }
    postGoogleLoginToHost({ ReactNativeWebView: reactNative, webkit: { messageHandlers: { googleLogin: webkit } } })
    expect(reactNative.postMessage).toHaveBeenCalledWith('google-login')
    expect(webkit.postMessage).not.toHaveBeenCalled()
  })

  it("uses WebKit's googleLogin handler next", () => {
    const webkit = { postMessage: vi.fn() }
    postGoogleLoginToHost({ webkit: { messageHandlers: { googleLogin: webkit } } })
    expect(webkit.postMessage).toHaveBeenCalledWith('google-login')
  })

  it('posts to the parent window otherwise', () => {
    const parent = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {})
    postGoogleLoginToHost({})
    expect(parent).toHaveBeenCalledWith('google-login', '*')
  })
})

describe('parseHostLoginResult', () => {
  const result = { type: 'google-login-result', idToken: 'jeton', email: 'awa@example.sn' }

  it('reads a result sent as an object or as JSON text', () => {
    expect(parseHostLoginResult(result)).toEqual(result)
    expect(parseHostLoginResult(JSON.stringify(result))).toEqual(result)
  })

  it('refuses anything else', () => {
    expect(parseHostLoginResult('google-login')).toBeNull()
    expect(parseHostLoginResult('{pas du json')).toBeNull()
    expect(parseHostLoginResult(null)).toBeNull()
    expect(parseHostLoginResult(42)).toBeNull()
    expect(parseHostLoginResult({ type: 'autre', idToken: 'jeton' })).toBeNull()
    expect(parseHostLoginResult({ type: 'google-login-result' })).toBeNull()
    expect(parseHostLoginResult({ type: 'google-login-result', idToken: 12 })).toBeNull()
  })
})
