// Headless Debian Chromium driven by playwright-core, French pages that record their errors,
// and accounts in the shop's Auth Emulator for tests that sign in.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { E2E_PROJECT_ID } from './shop-server.ts'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Quiet, offline-friendly flags: no sandbox (root in containers), and none of Chromium's own
// traffic to Google, which would fail here and add noise to timings.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The browser's own words (a date field's « jj/mm/aaaa », a file field's button) in French, as
  // our shoppers' phones show them: the context's locale sets only what pages read.
  '--lang=fr-FR',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

export interface ShopViewport {
  width: number
  height: number
  deviceScaleFactor?: number
  isMobile?: boolean
}

export interface ShopPage {
  page: Page
  context: BrowserContext
  /** Console errors and uncaught page errors, in order: a test usually expects it empty. */
  errors: string[]
}

/** `extra`: more context options, e.g. a faked position (`geolocation` and `permissions`). */
export async function newShopPage(browser: Browser, baseURL: string, viewport: ShopViewport, extra: BrowserContextOptions = {}): Promise<ShopPage> {
  const { width, height, deviceScaleFactor = 1, isMobile = false } = viewport
  const context = await browser.newContext({
    ...extra,
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Africa/Dakar',
    viewport: { width, height },
    deviceScaleFactor,
    isMobile,
    hasTouch: isMobile,
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`))
  return { page, context, errors }
}

// ---------- Auth Emulator accounts ----------

export interface EmulatorUser {
  uid: string
  email: string
  password: string
  displayName: string | undefined
  idToken: string
}

export async function createEmulatorUser(
  emulatorHost: string,
  user: { email: string; password: string; displayName?: string },
): Promise<EmulatorUser> {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, returnSecureToken: true }),
  })
  if (!res.ok) throw new Error(`Auth Emulator signUp failed: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { localId: string; idToken: string }
  return { uid: body.localId, email: user.email, password: user.password, displayName: user.displayName, idToken: body.idToken }
}

/** Removes every account of the project, so that a test can reuse fixed e-mail addresses. */
export async function clearEmulatorUsers(emulatorHost: string, projectId: string = E2E_PROJECT_ID): Promise<void> {
  const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' })
  if (!res.ok) throw new Error(`Auth Emulator reset failed: ${res.status} ${await res.text()}`)
  await res.body?.cancel()
}
