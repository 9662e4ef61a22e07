// /profile/profileparam: signing out here or everywhere, and deleting the account after
// typing SUPPRIMER; a deletion refused (an order under way) keeps the account.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/messages'
import { renderApp, signInAs } from '@/testing/render-app.tsx'
import { installAccountApi } from '@/testing/account-api.ts'
import { storedToken } from '@/testing/browser-storage.ts'
import { db, failRest, restCalls } from '@/testing/server.ts'
// The Firebase the app sees in tests (vitest.config.ts swaps it in).
import * as firebase from '@/testing/fake-firebase.ts'

beforeEach(installAccountApi)

async function renderSettings() {
  signInAs()
  const view = renderApp('/profile/profileparam')
  const main = await screen.findByRole('main')
  await within(main).findByRole('heading', { level: 1, name: 'Paramètres' })
  return { ...view, main: within(main) }
}

async function openDeletion(view: Awaited<ReturnType<typeof renderSettings>>) {
  await view.user.click(await view.main.findByRole('button', { name: 'Supprimer mon compte' }))
  return within(await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' }))
}

describe('settings route', () => {
  it("'Se déconnecter' signs out this device as the header does", async () => {
    const { user, main, onReload } = await renderSettings()
    await user.click(await main.findByRole('button', { name: 'Se déconnecter' }))
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
    expect(restCalls('POST', '/api/logout')).toEqual([expect.objectContaining({ authorization: `Bearer ${db.token}` })])
    expect(firebase.firebaseSignOut).toHaveBeenCalledTimes(1)
    expect(storedToken()).toBeNull()
  })

  it("'Se déconnecter de tous les appareils' revokes every token, then signs out here", async () => {
    const { user, main, onReload } = await renderSettings()
    const token = db.token
    await user.click(await main.findByRole('button', { name: 'Se déconnecter de tous les appareils' }))
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1))
    expect(restCalls('POST', '/api/logout/partout')).toEqual([expect.objectContaining({ authorization: `Bearer ${token}` })])
    // The token is already revoked: it is not sent again.
    expect(restCalls('POST', '/api/logout')).toHaveLength(0)
    expect(firebase.firebaseSignOut).toHaveBeenCalledTimes(1)
    expect(storedToken()).toBeNull()
  })

  it('stays signed in when signing out everywhere fails, and says why', async () => {
    failRest('post', '/api/logout/partout', 'network')
    const { user, main, onReload } = await renderSettings()
    await user.click(await main.findByRole('button', { name: 'Se déconnecter de tous les appareils' }))
    expect(await screen.findByText(`${MESSAGES.logoutEverywhereError} : ${MESSAGES.serverUnreachable}`)).toBeInTheDocument()
    expect(onReload).not.toHaveBeenCalled()
    expect(storedToken()).toBe(db.token)
    expect(main.getByRole('button', { name: 'Se déconnecter de tous les appareils' })).toBeEnabled()
  })

  it('deletes the account once SUPPRIMER is typed, then signs out and goes home', async () => {
    const view = await renderSettings()
    const dialog = await openDeletion(view)
    const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' })
    expect(confirm).toBeDisabled()
    const word = dialog.getByLabelText('Pour confirmer, tapez SUPPRIMER')
    await view.user.type(word, 'supprimer')
    expect(confirm).toBeDisabled()
    await view.user.clear(word)
    await view.user.type(word, 'SUPPRIMER')
    expect(confirm).toBeEnabled()
    await view.user.click(confirm)

    await waitFor(() => expect(view.onReload).toHaveBeenCalledTimes(1))
    expect(restCalls('DELETE', '/api/profile')).toEqual([expect.objectContaining({ authorization: `Bearer ${db.token}` })])
    expect(restCalls('POST', '/api/logout')).toHaveLength(0)
    expect(firebase.firebaseSignOut).toHaveBeenCalledTimes(1)
    expect(storedToken()).toBeNull()
    expect(view.router.state.location.pathname).toBe('/')
  })

  it('keeps the account when the server refuses (an order under way), with its message', async () => {
    failRest('delete', '/api/profile', 409, MESSAGES.accountOrdersInProgress)
    const view = await renderSettings()
    const dialog = await openDeletion(view)
    await view.user.type(dialog.getByLabelText('Pour confirmer, tapez SUPPRIMER'), 'SUPPRIMER')
    await view.user.click(dialog.getByRole('button', { name: 'Supprimer définitivement' }))

    expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.accountOrdersInProgress)
    expect(restCalls('DELETE', '/api/profile')).toHaveLength(1)
    expect(view.onReload).not.toHaveBeenCalled()
    expect(firebase.firebaseSignOut).not.toHaveBeenCalled()
    expect(storedToken()).toBe(db.token)
    expect(view.router.state.location.pathname).toBe('/profile/profileparam')
    expect(screen.getByRole('button', { name: 'Mon compte : Awa Diop' })).toBeInTheDocument()

    // 'Retour' closes the dialog; the account page is still there.
    await view.user.click(dialog.getByRole('button', { name: 'Retour' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(view.main.getByRole('button', { name: 'Supprimer mon compte' })).toBeInTheDocument()
  })

  it('asks for the word again each time the dialog opens', async () => {
    const view = await renderSettings()
    let dialog = await openDeletion(view)
    await view.user.type(dialog.getByLabelText('Pour confirmer, tapez SUPPRIMER'), 'SUPPRIMER')
    await view.user.click(dialog.getByRole('button', { name: 'Retour' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    dialog = await openDeletion(view)
    expect(dialog.getByLabelText('Pour confirmer, tapez SUPPRIMER')).toHaveValue('')
    expect(dialog.getByRole('button', { name: 'Supprimer définitivement' })).toBeDisabled()
    expect(restCalls('DELETE', '/api/profile')).toHaveLength(0)
  })
})
