// Test harness: a fresh database per test file, cloned from the run's migrated template (see
// global-setup.ts), the real app, and real sign-ins through the Auth Emulator.
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type AppOptions } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openDatabase, type Database } from '../src/db/client.ts'
import { createFirebaseVerifier } from '../src/modules/auth/firebase-verifier.ts'
import { grantRole } from './factories.ts'
import { databaseUrl, onServer } from './test-server.ts'

export const TEST_PROJECT_ID = 'demo-teranga-test'

export interface TestContext {
  app: FastifyInstance
  database: Database
  db: Database['db']
  close(): Promise<void>
}

/** A fresh database, migrated and holding the reference data, dropped by `drop()`. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = inject('testServerUrl')
  const name = `teranga_t_${randomBytes(8).toString('hex')}`
  await onServer(serverUrl, (c) => c.query(`create database ${name} template ${inject('templateDatabase')}`))
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 20 })
  return {
    database,
    drop: () => onServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  }
}

export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'teranga-test-data'),
    ...overrides,
  })
}

/** The app as the tests run it, on `database`. */
export function buildTestApp(database: Database, options: Partial<AppOptions>) {
  const config = testConfig()
  const verifier = createFirebaseVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseEmulatorHost })
  return buildApp({ config, database, verifier, webRoot: null, signInRateLimit: 1000, promoCheckAddressRateLimit: 1000, graphqlRateLimit: 100_000, expireOrdersEveryMs: 0, sweepMediaEveryMs: 0, messagesEveryMs: 0, alertsEveryMs: 0, ...options })
}

/** A second instance of the shop on the same database, as a second server would run; the caller closes it. */
export function anotherInstance(ctx: TestContext, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildTestApp(ctx.database, options)
}

export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestContext> {
  const { database, drop } = await freshDatabase()
  const app = await buildTestApp(database, options)
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close()
      await database.close()
      await drop()
    },
  }
}

// ---------- identity ----------

const emulatorUrl = (method: string) =>
  `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`

export interface EmulatorUser {
  uid: string
  email: string
  idToken: string
}

/** A new account in the Auth Emulator, signed in: its ID token is a real emulator token. */
export async function createEmulatorUser(overrides: { email?: string; displayName?: string } = {}): Promise<EmulatorUser> {
  const email = overrides.email ?? `client-${randomUUID().slice(0, 8)}@exemple.sn`
  const res = await fetch(emulatorUrl('signUp'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'motdepasse-123', displayName: overrides.displayName, returnSecureToken: true }),
  })
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { localId: string; idToken: string }
  return { uid: body.localId, email, idToken: body.idToken }
}

export async function deleteEmulatorUser(idToken: string) {
  await fetch(emulatorUrl('delete'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  })
}

/** A phone number of the Senegalese mobile plan no two tests share: +22177 then seven digits. */
export const uniqueSenegalMobile = () => `+22177${String(randomInt(10_000_000)).padStart(7, '0')}`

async function emulatorPost<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(emulatorUrl(method), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`emulator ${method} failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/**
 * Firebase's phone sign-in as the web SDK does it against the emulator: ask for a code, read
 * the SMS the emulator "sent" from its REST API, answer it. With `idToken`, the phone is linked
 * to that account (linkWithPhoneNumber) instead of signing in.
 */
export async function emulatorPhoneSignIn(phoneNumber: string, options: { idToken?: string } = {}): Promise<{ uid: string; idToken: string }> {
  const { sessionInfo } = await emulatorPost<{ sessionInfo: string }>('sendVerificationCode', { phoneNumber })
  const codes = await fetch(`http://${inject('authEmulatorHost')}/emulator/v1/projects/${TEST_PROJECT_ID}/verificationCodes`)
  const { verificationCodes } = (await codes.json()) as { verificationCodes: Array<{ sessionInfo: string; code: string }> }
  const code = verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code
  if (!code) throw new Error(`the emulator holds no code for ${phoneNumber}`)
  const body = await emulatorPost<{ localId: string; idToken: string }>('signInWithPhoneNumber', { sessionInfo, code, ...(options.idToken ? { idToken: options.idToken } : {}) })
  return { uid: body.localId, idToken: body.idToken }
}

/** An unsigned token shaped like the emulator's, with claims of our choosing. */
export function craftIdToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000)
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
  const payload = Buffer.from(
    JSON.stringify({
      iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
      aud: TEST_PROJECT_ID,
      auth_time: now,
      iat: now,
      exp: now + 3600,
      sub: 'nobody',
      user_id: 'nobody',
      firebase: { identities: {}, sign_in_provider: 'password' },
      ...claims,
    }),
  ).toString('base64url')
  return `${header}.${payload}.`
}

export interface SignedIn {
  token: string
  userId: number
  email: string
  idToken: string
  auth: { authorization: string }
}

/** Signs a new customer in through POST /api/sociallogin. */
export async function signIn(app: FastifyInstance, body: Record<string, unknown> = {}): Promise<SignedIn> {
  let user = await createEmulatorUser()
  let res = await app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: user.idToken, ...body } })
  // Under a loaded run the Auth Emulator has, rarely, refused a token it had just issued (seen
  // once among 50 sign-ins at once). This helper only sets the stage: a new account is tried
  // once more. The sign-in's own answers are asserted exactly in auth.test.ts.
  if (res.statusCode === 401) {
    user = await createEmulatorUser()
    res = await app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: user.idToken, ...body } })
  }
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  const { token, utilisateur } = res.json() as { token: string; utilisateur: { id: number } }
  return { token, userId: utilisateur.id, email: user.email, idToken: user.idToken, auth: { authorization: `Bearer ${token}` } }
}

// ---------- GraphQL ----------

export interface GqlResult<T = Record<string, unknown>> {
  status: number
  data: T | null
  errors: Array<{ message: string; extensions?: { code?: string; errors?: Record<string, string[]> } }> | undefined
  res: LightMyRequestResponse
}

export async function gql<T = Record<string, any>>( // eslint-disable-line @typescript-eslint/no-explicit-any
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GqlResult<T>> {
  const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers })
  const body = res.json() as { data?: T; errors?: GqlResult['errors'] }
  return { status: res.statusCode, data: body.data ?? null, errors: body.errors, res }
}

/** The back office's three kinds of caller: an admin, a gestionnaire and a plain customer. */
export async function signInStaff(shop: TestContext): Promise<{ admin: SignedIn; manager: SignedIn; customer: SignedIn }> {
  const [admin, manager, customer] = await Promise.all([signIn(shop.app), signIn(shop.app), signIn(shop.app)])
  await grantRole(shop.db, admin.userId, 'admin')
  await grantRole(shop.db, manager.userId, 'gestionnaire')
  return { admin, manager, customer }
}
