// /signup: the shared schema's messages beside each field, the password confirmation, then
// a Firebase account and the first sign-in carrying the customer's details, then back to the
// page the shopper came from (the cart, the checkout), never out of the shop.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FIREBASE_AUTH_ERRORS } from '@teranga/shared/firebase-errors'
import { MESSAGES } from '@teranga/shared/messages'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { db, restCalls } from '@/testing/server.ts'
import { storedToken } from '@/testing/browser-storage.ts'
// The Firebase the app sees in tests (vitest.config.ts swaps it in).
import * as firebase from '@/testing/fake-firebase.ts'

async function renderSignup(path = '/signup') {
  const view = renderApp(path)
  // The page loads on demand.
  const main = await screen.findByRole('main')
  await within(main).findByRole('heading', { level: 1, name: 'Créer un compte' })
  return { ...view, form: within(main) }
}

/** A valid sign-up, sent. */
async function signUp(user: ReturnType<typeof renderApp>['user'], form: ReturnType<typeof within>) {
  await user.type(form.getByLabelText('E-mail'), 'khady@example.sn')
  await user.type(form.getByLabelText('Mot de passe (6 caractères au moins)'), 'secret123')
  await user.type(form.getByLabelText('Confirmez le mot de passe'), 'secret123')
  await user.click(form.getByRole('radio', { name: 'Madame' }))
  await user.type(form.getByLabelText('Prénom'), 'Khady')
  await user.type(form.getByLabelText('Nom'), 'Sow')
  await user.type(form.getByLabelText('Téléphone'), '771234567')
  await user.click(form.getByRole('button', { name: 'Créer mon compte' }))
}

/** The header's sign-in panel, opened. */
async function openHeaderSignIn(user: ReturnType<typeof renderApp>['user']) {
  const toggle = await screen.findByRole('button', { name: 'Connexion', expanded: false })
  await user.click(toggle)
  return within(document.getElementById(toggle.getAttribute('aria-controls')!)!)
}

describe('signup route', () => {
  it('starts with Dakar and Senegal', async () => {
    const { form } = await renderSignup()
    expect(form.getByLabelText('Ville')).toHaveValue('Dakar')
    expect(form.getByLabelText('Pays')).toHaveValue('SEN')
    expect(form.getByRole('radiogroup', { name: 'Civilité' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Créer un compte — Teranga'))
  })

  it("shows the schema's messages next to the fields and creates nothing", async () => {
    const { user, form } = await renderSignup()
    await user.click(form.getByRole('button', { name: 'Créer mon compte' }))

    expect(await form.findByText(MESSAGES.prenomRequired)).toBeInTheDocument()
    expect(form.getByLabelText('Prénom')).toHaveAccessibleDescription(MESSAGES.prenomRequired)
    expect(form.getByLabelText('Prénom')).toHaveAttribute('aria-invalid', 'true')
    expect(form.getByLabelText('Nom')).toHaveAccessibleDescription(MESSAGES.nomRequired)
    expect(form.getByLabelText('Téléphone')).toHaveAccessibleDescription(MESSAGES.telephoneInvalid)
    expect(form.getByRole('radiogroup', { name: 'Civilité' })).toHaveAccessibleDescription(MESSAGES.civiliteRequired)
    expect(form.getByLabelText('Ville')).not.toHaveAttribute('aria-invalid')
    expect(firebase.emailSignUp).not.toHaveBeenCalled()
    expect(restCalls('POST', '/api/sociallogin')).toHaveLength(0)
  })

  it('refuses a bad phone number and passwords that differ', async () => {
    const { user, form } = await renderSignup()
    await user.type(form.getByLabelText('E-mail'), 'fatou@example.sn')
    await user.type(form.getByLabelText('Mot de passe (6 caractères au moins)'), 'secret123')
    await user.type(form.getByLabelText('Confirmez le mot de passe'), 'secret124')
    await user.click(form.getByRole('radio', { name: 'Madame' }))
    await user.type(form.getByLabelText('Prénom'), 'Fatou')
    await user.type(form.getByLabelText('Nom'), 'Ndiaye')
    await user.type(form.getByLabelText('Téléphone'), '77-abc')
    await user.click(form.getByRole('button', { name: 'Créer mon compte' }))

    expect(await form.findByText(MESSAGES.telephoneInvalid)).toBeInTheDocument()
    expect(form.getByLabelText('Téléphone')).toHaveAccessibleDescription(MESSAGES.telephoneInvalid)
    expect(form.getByLabelText('Confirmez le mot de passe')).toHaveAccessibleDescription(MESSAGES.passwordMismatch)
    expect(form.queryByText(MESSAGES.prenomRequired)).not.toBeInTheDocument()

    // The mismatch alone still blocks.
    await user.clear(form.getByLabelText('Téléphone'))
    await user.type(form.getByLabelText('Téléphone'), '+221 77 123 45 67')
    await user.click(form.getByRole('button', { name: 'Créer mon compte' }))
    await waitFor(() => expect(form.queryByText(MESSAGES.telephoneInvalid)).not.toBeInTheDocument())
    expect(form.getByText(MESSAGES.passwordMismatch)).toBeInTheDocument()
    expect(firebase.emailSignUp).not.toHaveBeenCalled()
  })

  it('creates the Firebase account, then signs in with the details and opens the home page', async () => {
    const { user, form, onReload } = await renderSignup()
    await user.type(form.getByLabelText('E-mail'), 'fatou@example.sn')
    await user.type(form.getByLabelText('Mot de passe (6 caractères au moins)'), 'secret123')
    await user.type(form.getByLabelText('Confirmez le mot de passe'), 'secret123')
    await user.click(form.getByRole('radio', { name: 'Monsieur' }))
    await user.type(form.getByLabelText('Prénom'), ' Moussa ')
    await user.type(form.getByLabelText('Nom'), 'Sarr')
    await user.type(form.getByLabelText('Téléphone'), '+221 77 123 45 67')
    await user.clear(form.getByLabelText('Ville'))
    await user.type(form.getByLabelText('Ville'), 'Thiès')
    await user.click(form.getByRole('button', { name: 'Créer mon compte' }))

    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
    // Opened by its address: home, not this page again (« Vous êtes déjà connecté »).
    expect(onReload).toHaveBeenCalledWith('/')
    expect(firebase.emailSignUp).toHaveBeenCalledWith('fatou@example.sn', 'secret123')
    const [login] = restCalls('POST', '/api/sociallogin')
    expect(login?.body).toEqual({
      idToken: firebase.fakeIdentity().idToken,
      email: 'fatou@example.sn',
      login: 'fatou@example.sn',
      civilite: 1,
      prenom: 'Moussa',
      nom: 'Sarr',
      tel: '+221 77 123 45 67',
      telephone1: '+221 77 123 45 67',
      ville: 'Thiès',
      pays: 'SEN',
    })
    expect(storedToken()).toBe(db.issuedToken)
  })

  it('sends the country chosen', async () => {
    const { user, form, onReload } = await renderSignup()
    await user.type(form.getByLabelText('E-mail'), 'awa@example.fr')
    await user.type(form.getByLabelText('Mot de passe (6 caractères au moins)'), 'secret123')
    await user.type(form.getByLabelText('Confirmez le mot de passe'), 'secret123')
    await user.click(form.getByRole('radio', { name: 'Madame' }))
    await user.type(form.getByLabelText('Prénom'), 'Awa')
    await user.type(form.getByLabelText('Nom'), 'Diop')
    await user.type(form.getByLabelText('Téléphone'), '0601020304')
    await user.selectOptions(form.getByLabelText('Pays'), 'FRA')
    await user.click(form.getByRole('button', { name: 'Créer mon compte' }))
    await waitFor(() => expect(onReload).toHaveBeenCalled())
    expect(restCalls('POST', '/api/sociallogin')[0]?.body).toEqual(expect.objectContaining({ civilite: 0, pays: 'FRA' }))
  })

  it('tells an e-mail already in use and lets the visitor try again', async () => {
    firebase.emailSignUp.mockRejectedValueOnce(firebase.firebaseError('auth/email-already-in-use'))
    const { user, form, onReload } = await renderSignup()
    await user.type(form.getByLabelText('E-mail'), 'awa@example.sn')
    await user.type(form.getByLabelText('Mot de passe (6 caractères au moins)'), 'secret123')
    await user.type(form.getByLabelText('Confirmez le mot de passe'), 'secret123')
    await user.click(form.getByRole('radio', { name: 'Madame' }))
    await user.type(form.getByLabelText('Prénom'), 'Awa')
    await user.type(form.getByLabelText('Nom'), 'Diop')
    await user.type(form.getByLabelText('Téléphone'), '771234567')
    await user.click(form.getByRole('button', { name: 'Créer mon compte' }))

    expect(await screen.findByText(`${MESSAGES.loginError}${FIREBASE_AUTH_ERRORS['auth/email-already-in-use']}`)).toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Créer mon compte' })).toBeEnabled()
    expect(restCalls('POST', '/api/sociallogin')).toHaveLength(0)
    expect(onReload).not.toHaveBeenCalled()
  })

  it('tells a signed-in customer they already have an account', async () => {
    signInAs({ email: 'moussa@example.sn' })
    renderApp('/signup')
    expect(await screen.findByText(/Vous êtes déjà connecté en tant que moussa@example.sn/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Créer mon compte' })).not.toBeInTheDocument()
  })

  describe('then back where the shopper came from', () => {
    it('to the checkout, from the sign-in form it shows a visitor', async () => {
      const { user, router, onReload } = renderApp('/livraison')
      const main = within(await screen.findByRole('main'))
      await user.click(await main.findByRole('link', { name: 'Créer un compte' }))
      await main.findByRole('heading', { level: 1, name: 'Créer un compte' })
      expect(router.state.location.pathname).toBe('/signup')
      await signUp(user, main)
      await waitFor(() => expect(onReload).toHaveBeenCalledWith('/livraison'))
      expect(storedToken()).toBe(db.issuedToken)
    })

    it.each(['/cart', '/product_bycat/7?page=2'])("to %s, from the header's sign-in panel", async (from) => {
      const { user, onReload } = renderApp(from)
      const panel = await openHeaderSignIn(user)
      await user.click(panel.getByRole('link', { name: 'Créer un compte' }))
      const main = within(await screen.findByRole('main'))
      await main.findByRole('heading', { level: 1, name: 'Créer un compte' })
      await signUp(user, main)
      await waitFor(() => expect(onReload).toHaveBeenCalledWith(from))
    })

    it('when the shopper signs in from the header instead, on the sign-up page', async () => {
      const { user, onReload } = await renderSignup('/signup?retour=%2Fcart')
      const panel = await openHeaderSignIn(user)
      // The panel's own link keeps the page the sign-up returns to.
      expect(panel.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/signup?retour=%2Fcart')
      await user.type(panel.getByLabelText('E-mail'), 'awa.diop@example.sn')
      await user.type(panel.getByLabelText('Mot de passe'), 'secret123{Enter}')
      await waitFor(() => expect(onReload).toHaveBeenCalledWith('/cart'))
    })

    it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', '/signup', 'javascript:alert(1)'])(
      'never to another site or back to sign-up: %s opens home',
      async (retour) => {
        const { user, form, onReload } = await renderSignup(`/signup?${new URLSearchParams({ retour }).toString()}`)
        await signUp(user, form)
        await waitFor(() => expect(onReload).toHaveBeenCalledWith('/'))
      },
    )
  })
})
