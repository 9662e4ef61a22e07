// The demo admin that `npm start` creates in the Auth Emulator (README, « Back-office »).
// Test files that clear the emulator's accounts remove it too: this puts it back under the
// same Firebase uid, which the shop's database already holds with the admin role.
import type { Page } from 'playwright-core'
import { DEMO_ADMIN } from '../../../server/src/modules/staff/demo-admin.ts'
import { E2E_PROJECT_ID } from './shop-server.ts'

export { DEMO_ADMIN }

export async function ensureDemoAdmin(emulatorHost: string, projectId: string = E2E_PROJECT_ID): Promise<void> {
  const signIn = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true }),
  })
  await signIn.body?.cancel()
  if (signIn.ok) return
  const created = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  })
  if (!created.ok) throw new Error(`demo admin: the Auth Emulator refused (${created.status} ${await created.text()})`)
  await created.body?.cancel()
}

/** Signs the demo admin in on the back office's page and waits for its home (« Aujourd'hui »). */
export async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin/')
  await page.getByLabel('Adresse e-mail').fill(DEMO_ADMIN.email)
  await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByRole('heading', { level: 1, name: "Aujourd'hui" }).waitFor({ timeout: 60_000 })
}
