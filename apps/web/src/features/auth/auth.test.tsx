// Who is signed in: no token, a refused token, a 401 anywhere; signing in by email or
// Google (Firebase faked) for the shop's token, its failures, and Google in an app webview.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { FIREBASE_AUTH_ERRORS, FIREBASE_ERROR_FALLBACK } from '@teranga/shared/firebase-errors'
import { MESSAGES } from '@teranga/shared/messages'
import { makeProduit } from '@/testing/factories.ts'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, failRest, graphqlCalls, restCalls, server } from '@/testing/server.ts'
import { storedGuestCart, storedToken, storeGuestCart, TOKEN_KEY } from '@/testing/browser-storage.ts'
// The Firebase the app sees in tests (vitest.config.ts swaps it in).
import * as firebase from '@/testing/fake-firebase.ts'

const ANDROID_WEBVIEW_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36'

/** Opens the header's user menu while signed out and answers its panel. */
async function openSignIn(user: ReturnType<typeof renderApp>['user']) {
  const toggle = screen.getByRole('button', { name: 'Connexion', expanded: false })
  await user.click(toggle)
  return document.getElementById(toggle.getAttribute('aria-controls')!)!
}

describe('auth state', () => {
  it('is signed out at once without a token, and asks nothing about it', async () => {
    renderApp('/product/abc')
    expect(screen.getByRole('button', { name: 'Connexion', expanded: false })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Mes favoris, 0 produit' })).toBeInTheDocument()
    await screen.findByRole('heading', { name: '404' })
    expect(restCalls('GET', '/api/profile')).toHaveLength(0)
  })

  it('loads the profile with the stored token', async () => {
    signInAs({ prenom: 'Fatou', nom: 'Ndiaye' })
    renderApp('/product/abc')
    expect(screen.getByRole('button', { name: 'Compte (chargement)' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Mon compte : Fatou Ndiaye' })).toBeInTheDocument()
    expect(restCalls('GET', '/api/profile')).toEqual([expect.objectContaining({ authorization: `Bearer ${db.token}` })])
  })

  it('drops a token the server refuses (401 on the profile) and shows the shop signed out', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'jeton-perime-0123456789abcdef')
    db.produits = [makeProduit({ designation: 'Café Touba' })]
    renderApp('/')
    expect(await screen.findByRole('button', { name: 'Connexion', expanded: false })).toBeInTheDocument()
    expect(storedToken()).toBeNull()
    // The catalogue asked with the stale token got a 401 too, and is asked again without it.
    expect(await screen.findByRole('heading', { name: 'Café Touba' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Mes favoris' })).not.toBeInTheDocument()
    expect(screen.queryByText(MESSAGES.productsLoadError)).not.toBeInTheDocument()
    expect(graphqlCalls('Produits').at(-1)?.authorization).toBeNull()
  })

  it('keeps the token when the server cannot be reached, signed out for now', async () => {
    signInAs()
    failRest('get', '/api/profile', 'network')
    renderApp('/product/abc')
    expect(await screen.findByRole('button', { name: 'Connexion', expanded: false })).toBeInTheDocument()
    expect(storedToken()).toBe(db.token)
  })

  it('asks for the profile again once the server is back, and signs in', async () => {
    signInAs()
    server.use(http.get('*/api/profile', () => HttpResponse.error(), { once: true }))
    renderApp('/product/abc')
    expect(await screen.findByRole('button', { name: 'Connexion', expanded: false })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Mon compte : Awa Diop' }, { timeout: 8000 })).toBeInTheDocument()
  }, 15_000)

  it('drops the token when the profile answers without a customer', async () => {
    signInAs()
    server.use(http.get('*/api/profile', () => HttpResponse.json({})))
    renderApp('/product/abc')
    expect(await screen.findByRole('button', { name: 'Connexion', expanded: false })).toBeInTheDocument()
    expect(storedToken()).toBeNull()
  })

  it('signs out on a 401 from any other call', async () => {
    signInAs()
    db.produits = [makeProduit({ designation: 'Café Touba' })]
    failRest('post', '/api/favorie', 401)
    const { user } = renderApp(`/product/${db.produits[0]!.id}`)
    await screen.findByRole('button', { name: 'Mon compte : Awa Diop' })
    await user.click(screen.getByRole('button', { name: 'Ajouter aux favoris' }))

    expect(await screen.findByRole('button', { name: 'Connexion', expanded: false })).toBeInTheDocument()
    expect(storedToken()).toBeNull()
    expect(await screen.findByText(MESSAGES.favouriteError)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Mes favoris, 0 produit' })).toBeInTheDocument()
  })
})

describe('signing in', () => {
  it('by email: Firebase, then the shop token stored and the page reloaded', async () => {
    const { user, onReload } = renderApp('/product/abc')
    const panel = await openSignIn(user)
    await user.type(within(panel).getByLabelText('E-mail'), 'awa.diop@example.sn')
    await user.type(within(panel).getByLabelText('Mot de passe'), 'motdepasse')
    await user.click(within(panel).getByRole('button', { name: 'Se connecter' }))

    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
    expect(firebase.emailSignIn).toHaveBeenCalledWith('awa.diop@example.sn', 'motdepasse')
    const [login] = restCalls('POST', '/api/sociallogin')
    expect(login?.body).toEqual(expect.objectContaining({ idToken: firebase.fakeIdentity().idToken, email: 'awa.diop@example.sn', login: 'awa.diop@example.sn' }))
    // The password goes to Firebase only.
    expect(JSON.stringify(login?.body)).not.toContain('motdepasse')
    expect(storedToken()).toBe(db.issuedToken)
  })

  it('leaves the page as it was until the reload: no profile call, no cart merge with the new token', async () => {
    // The e2e sign-up flake: the page being left acted on the new token alongside the page
    // replacing it (profile call, merge of the local cart, signed-in screens).
    db.produits = [makeProduit({ designation: 'Café Touba' })]
    storeGuestCart([{ produit_id: db.produits[0]!.id, quantite: 2 }])
    const { user, onReload } = renderApp('/product/abc')
    const panel = await openSignIn(user)
    await user.type(within(panel).getByLabelText('E-mail'), 'awa.diop@example.sn')
    await user.type(within(panel).getByLabelText('Mot de passe'), 'motdepasse{Enter}')

    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
    expect(storedToken()).toBe(db.issuedToken)
    // Whatever was already under way settles before looking.
    await screen.findByRole('heading', { name: '404' })
    expect(screen.getByRole('button', { name: 'Connexion' })).toBeInTheDocument()
    expect(restCalls('GET', '/api/profile')).toHaveLength(0)
    expect(restCalls('POST', '/api/panier')).toHaveLength(0)
    expect(storedGuestCart()).toHaveLength(1)
  })

  it('by Google: the display name split into prénom and nom, and the photo', async () => {
    firebase.googleSignIn.mockResolvedValueOnce(firebase.fakeIdentity({ displayName: 'Mame Diarra Bousso', photoURL: 'https://photos.example/awa.jpg' }))
    const { user, onReload } = renderApp('/product/abc')
    const panel = await openSignIn(user)
    await user.click(within(panel).getByRole('button', { name: 'Continuer avec Google' }))

    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
    expect(restCalls('POST', '/api/sociallogin')[0]?.body).toEqual(
      expect.objectContaining({ prenom: 'Mame', nom: 'Diarra Bousso', image: 'https://photos.example/awa.jpg', googleImg: 'https://photos.example/awa.jpg' }),
    )
    expect(storedToken()).toBe(db.issuedToken)
  })

  it("tells a closed Google popup: 'Erreur lors de la connexion …', no token, no reload", async () => {
    firebase.googleSignIn.mockRejectedValueOnce(firebase.firebaseError('auth/popup-closed-by-user'))
    const { user, onReload } = renderApp('/product/abc')
    const panel = await openSignIn(user)
    await user.click(within(panel).getByRole('button', { name: 'Continuer avec Google' }))

    const toast = await screen.findByText(/^Erreur lors de la connexion /)
    expect(toast).toHaveTextContent(`${MESSAGES.loginError}${FIREBASE_AUTH_ERRORS['auth/popup-closed-by-user']}`)
    expect(restCalls('POST', '/api/sociallogin')).toHaveLength(0)
    expect(onReload).not.toHaveBeenCalled()
    expect(storedToken()).toBeNull()
    expect(within(panel).getByRole('button', { name: 'Continuer avec Google' })).toBeEnabled()
  })

  it('tells wrong credentials', async () => {
    firebase.emailSignIn.mockRejectedValueOnce(firebase.firebaseError('auth/invalid-credential'))
    const { user } = renderApp('/product/abc')
    const panel = await openSignIn(user)
    await user.type(within(panel).getByLabelText('E-mail'), 'awa.diop@example.sn')
    await user.type(within(panel).getByLabelText('Mot de passe'), 'mauvais{Enter}')
    expect(await screen.findByText(`${MESSAGES.loginError}${FIREBASE_AUTH_ERRORS['auth/invalid-credential']}`)).toBeInTheDocument()
  })

  it('tells every Firebase refusal in French, never with its code or its English', async () => {
    const refusals = [
      ['auth/wrong-password', "Firebase: Error (auth/wrong-password)."],
      ['auth/too-many-requests', 'Firebase: Access to this account has been temporarily disabled due to many failed login attempts. (auth/too-many-requests).'],
      ['auth/operation-not-allowed', 'Firebase: Error (auth/operation-not-allowed).'],
      ['auth/timeout', 'Firebase: Error (auth/timeout).'],
      ['auth/user-token-expired', 'Firebase: Error (auth/user-token-expired).'],
    ] as const
    const { user } = renderApp('/product/abc')
    const panel = await openSignIn(user)
    for (const [code, english] of refusals) {
      firebase.emailSignIn.mockRejectedValueOnce(Object.assign(new Error(english), { code }))
      await user.clear(within(panel).getByLabelText('Mot de passe'))
      if (!within(panel).getByLabelText<HTMLInputElement>('E-mail').value) await user.type(within(panel).getByLabelText('E-mail'), 'awa.diop@example.sn')
      await user.type(within(panel).getByLabelText('Mot de passe'), 'mauvais{Enter}')
      expect(await screen.findByText(`${MESSAGES.loginError}${FIREBASE_AUTH_ERRORS[code]}`)).toBeInTheDocument()
    }
    expect(document.body).not.toHaveTextContent(/auth\/|Firebase|Error/)
  })

  it("says a code Firebase adds later in French too, and the SDK's errors without a code", async () => {
    firebase.emailSignIn.mockRejectedValueOnce(firebase.firebaseError('auth/some-future-code'))
    const { user } = renderApp('/product/abc')
    const panel = await openSignIn(user)
    await user.type(within(panel).getByLabelText('E-mail'), 'awa.diop@example.sn')
    await user.type(within(panel).getByLabelText('Mot de passe'), 'secret12{Enter}')
    expect(await screen.findByText(`${MESSAGES.loginError}${FIREBASE_ERROR_FALLBACK}`)).toBeInTheDocument()
    // The script that signs in did not arrive: the browser's English stays out too.
    firebase.emailSignIn.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    await user.type(within(panel).getByLabelText('Mot de passe'), '{Enter}')
    await waitFor(() => expect(screen.getAllByText(`${MESSAGES.loginError}${FIREBASE_ERROR_FALLBACK}`)).toHaveLength(2))
    expect(document.body).not.toHaveTextContent(/auth\/|Failed to fetch/)
  })

  it("tells the shop's refusal of the Firebase token", async () => {
    failRest('post', '/api/sociallogin', 401, MESSAGES.invalidIdToken)
    const { user, onReload } = renderApp('/product/abc')
    const panel = await openSignIn(user)
    await user.click(within(panel).getByRole('button', { name: 'Continuer avec Google' }))
    expect(await screen.findByText(`${MESSAGES.loginError}${MESSAGES.invalidIdToken}`)).toBeInTheDocument()
    expect(onReload).not.toHaveBeenCalled()
    expect(storedToken()).toBeNull()
  })

  describe('in a mobile app webview', () => {
    it("asks the host app with 'google-login' instead of the Firebase popup, then signs in with its answer", async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_WEBVIEW_UA)
      const postMessage = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {})
      const { user, onReload } = renderApp('/product/abc')
      const panel = await openSignIn(user)
      await user.click(within(panel).getByRole('button', { name: 'Continuer avec Google' }))

      expect(postMessage).toHaveBeenCalledWith('google-login', '*')
      expect(firebase.googleSignIn).not.toHaveBeenCalled()

      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ type: 'google-login-result', idToken: 'jeton-google-de-l-application-0123', email: 'awa@example.sn', displayName: 'Awa Diop' }),
        }),
      )
      await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
      expect(restCalls('POST', '/api/sociallogin')[0]?.body).toEqual(
        expect.objectContaining({ idToken: 'jeton-google-de-l-application-0123', email: 'awa@example.sn', prenom: 'Awa', nom: 'Diop' }),
      )
    })

    it('uses the React Native bridge when there is one', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')
      const bridge = { postMessage: vi.fn() }
      Object.assign(window, { ReactNativeWebView: bridge })
      try {
        const { user } = renderApp('/product/abc')
        const panel = await openSignIn(user)
        await user.click(within(panel).getByRole('button', { name: 'Continuer avec Google' }))
        expect(bridge.postMessage).toHaveBeenCalledWith('google-login')
        expect(firebase.googleSignIn).not.toHaveBeenCalled()
      } finally {
        delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView
      }
    })

    it('ignores a sign-in result posted outside an app webview', async () => {
      const { onReload } = renderApp('/product/abc')
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'google-login-result', idToken: 'jeton-google-d-un-autre-site-0123' }, origin: 'https://autre.example' }),
      )
      await screen.findByRole('heading', { name: '404' })
      expect(restCalls('POST', '/api/sociallogin')).toHaveLength(0)
      expect(onReload).not.toHaveBeenCalled()
    })

    it('ignores messages that are not a sign-in result', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_WEBVIEW_UA)
      const { onReload } = renderApp('/product/abc')
      window.dispatchEvent(new MessageEvent('message', { data: 'bonjour' }))
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'google-login-result' } }))
      await screen.findByRole('heading', { name: '404' })
      expect(restCalls('POST', '/api/sociallogin')).toHaveLength(0)
      expect(onReload).not.toHaveBeenCalled()
    })
  })
})
