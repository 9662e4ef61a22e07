// Every page of the route table, as the server sends it and Chromium hydrates it, signed out
// and signed in: the status the server answers, no error screen, and React never finding the
// server's markup different from its own (a hydration error redraws the whole page, #418).
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, inject, test } from 'vitest'
import { clearEmulatorUsers, createEmulatorUser } from './support/browser.ts'
import { browserForFile } from './support/browser-for-file.ts'
import { WEB_DIR } from './support/shop-server.ts'
import { visit } from './support/shop-actions.ts'

const baseURL = inject('baseURL')
const emulatorHost = inject('emulatorHost')
const { withPage } = browserForFile(baseURL)

// What React says when hydration fails: 418 (text or markup differ), 419 (the server
// render failed, the client renders anew), 422/423/425 (a boundary or the root redrawn).
const HYDRATION_TROUBLE = /Minified React error #(418|419|422|423|425)\b|hydrat/i

/** The route table's pages as addresses of the seeded shop ('/*' is any unknown address). */
async function pages(): Promise<string[]> {
  // The renderer of the build the shop serves (global setup builds it when stale).
  const renderer = (await import(pathToFileURL(path.join(WEB_DIR, 'dist-server', 'entry-server.js')).href)) as { routePatterns: () => string[] }
  return renderer.routePatterns().map((pattern) => (pattern === '/*' ? '/page-qui-n-existe-pas' : pattern.replace(/:id\b/, '1').replace(/:numero\b/, 'XC000001')))
}

/** The pages answered 404 with the not-found page: an unknown address, and a tracking page without its signed key. */
const NOT_FOUND = new Set(['/page-qui-n-existe-pas', '/suivi/XC000001'])

/** A customer's API token, as the browser keeps it after signing in. */
async function customerToken(): Promise<string> {
  const user = await createEmulatorUser(emulatorHost, { email: 'mariama.ba@exemple.sn', password: 'yassa-poulet-2026', displayName: 'Mariama Ba' })
  const res = await fetch(`${baseURL}/api/sociallogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: user.idToken, email: user.email, prenom: 'Mariama', nom: 'Ba' }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

describe('every page of the route table, hydrated in Chromium', () => {
  for (const signedIn of [false, true]) {
    test(signedIn ? 'signed in' : 'signed out', async () => {
      await clearEmulatorUsers(emulatorHost)
      const token = signedIn ? await customerToken() : null
      const addresses = await pages()
      expect(addresses).toEqual(expect.arrayContaining(['/signup', '/profile/account', '/livraison', '/cart']))
      await withPage({ width: 390, height: 844, isMobile: true }, async ({ page, context, errors }) => {
        // The token where the shop keeps it, before any page reads it.
        if (token) await context.addInitScript((value) => window.localStorage.setItem('teranga.token', value), token)
        const said: string[] = []
        page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`))
        page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`))
        // The checkout's map tiles come from OpenStreetMap, out of reach of these offline
        // machines: the only requests allowed to fail (a navigation cuts others short).
        const failed: string[] = []
        page.on('requestfailed', (request) => {
          if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${new URL(request.url()).host} ${request.failure()?.errorText}`)
        })
        for (const address of addresses) {
          said.length = 0
          const response = await visit(page, address)
          expect(response?.status(), address).toBe(NOT_FOUND.has(address) ? 404 : 200)
          // Signed in, the page then asks for the profile and shows the customer's screens.
          await page.waitForLoadState('networkidle')
          expect(await page.getByText('Un problème est survenu').count(), address).toBe(0)
          expect(said.filter((line) => HYDRATION_TROUBLE.test(line)), address).toEqual([])
        }
        // The 404 page reports its address in the console, as it should; nothing else went wrong.
        expect(errors.filter((line) => !/No route matches URL|404 \(Not Found\)|net::ERR_NAME_NOT_RESOLVED/.test(line))).toEqual([])
        expect(failed.filter((failure) => !/^([abc]\.)?tile\.openstreetmap\.org /.test(failure))).toEqual([])
      })
    })
  }
})
