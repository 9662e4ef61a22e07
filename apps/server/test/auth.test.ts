import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@teranga/shared/server-messages'
import { apiTokens, clients } from '../src/db/schema.ts'
import { hashToken } from '../src/modules/auth/auth.service.ts'
import {
  craftIdToken,
  createEmulatorUser,
  createTestApp,
  deleteEmulatorUser,
  signIn,
  TEST_PROJECT_ID,
  type TestContext,
} from './helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/sociallogin', payload: payload as object, headers })

describe('POST /api/sociallogin', () => {
  it('creates the client from the verified token and answers utilisateur and an API token', async () => {
    const user = await createEmulatorUser({ displayName: 'Awa Diop' })
    const res = await login({
      idToken: user.idToken,
      email: 'pirate@exemple.sn',
      login: 'pirate@exemple.sn',
      nom: 'Awa Diop',
      prenom: 'Diop',
      tel: '+221 77 123 45 67',
      googleImg: 'https://lh3.googleusercontent.com/a/photo',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The email comes from the token, never from the body.
    expect(body.utilisateur).toMatchObject({ email: user.email, nom: 'Awa Diop', prenom: 'Diop' })
    expect(Object.keys(body.utilisateur)).toEqual(expect.arrayContaining(['id', 'prenom', 'nom', 'email', 'image', 'googleImg']))
    const [row] = await ctx.db.select().from(clients).where(eq(clients.id, body.utilisateur.id))
    expect(row!.firebaseUid).toBe(user.uid)
    expect(row!.telephone).toBe('+221 77 123 45 67')
    // Only the hash of the token is stored.
    const tokens = await ctx.db.select().from(apiTokens).where(eq(apiTokens.clientId, row!.id))
    expect(tokens).toHaveLength(1)
    expect(tokens[0]!.tokenHash).toBe(hashToken(body.token))
    expect(tokens[0]!.tokenHash).not.toContain(body.token)
    const days = (tokens[0]!.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
  })

  it('signing in again is the same client and keeps names the client may have edited', async () => {
    const user = await createEmulatorUser()
    const first = (await login({ idToken: user.idToken, nom: 'Moussa Ndiaye', prenom: 'Ndiaye' })).json()
    await ctx.db.update(clients).set({ prenom: 'Moussa' }).where(eq(clients.id, first.utilisateur.id))
    const second = await login({ idToken: user.idToken, nom: 'Autre Nom', prenom: 'Nom' })
    expect(second.statusCode).toBe(200)
    expect(second.json().utilisateur).toMatchObject({ id: first.utilisateur.id, prenom: 'Moussa', nom: 'Moussa Ndiaye' })
    expect(second.json().token).not.toBe(first.token)
  })

  it('takes names from the token’s display name when the body brings none', async () => {
    const user = await createEmulatorUser({ displayName: 'Fatou Binetou Sarr' })
    const res = await login({ idToken: user.idToken })
    expect(res.statusCode).toBe(200)
    expect(res.json().utilisateur).toMatchObject({ prenom: 'Fatou', nom: 'Binetou Sarr', email: user.email })
  })

  it('works even with a stale token in the Authorization header', async () => {
    const user = await createEmulatorUser()
    const res = await login({ idToken: user.idToken }, { authorization: 'Bearer stale-token-that-does-not-exist' })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a missing, malformed, expired, foreign or orphan ID token with 401 and a French message', async () => {
    const missing = await login({ email: 'a@b.sn' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.idToken).toEqual([MESSAGES.idTokenRequired])

    const garbage = await login({ idToken: 'x'.repeat(40) })
    expect(garbage.statusCode).toBe(401)
    expect(garbage.json().message).toBe(MESSAGES.invalidIdToken)

    const user = await createEmulatorUser()
    const sub = JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()).sub as string
    const expired = craftIdToken({ sub, user_id: sub, iat: 1_600_000_000, auth_time: 1_600_000_000, exp: 1_600_003_600 })
    expect((await login({ idToken: expired })).statusCode).toBe(401)

    const otherProject = craftIdToken({ sub, user_id: sub, aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' })
    expect((await login({ idToken: otherProject })).statusCode).toBe(401)

    // A well-formed token for an account that does not exist (forged): refused.
    const forged = craftIdToken({ sub: 'forged-uid-123', user_id: 'forged-uid-123', email: 'ceo@teranga.sn' })
    const forgedRes = await login({ idToken: forged })
    expect(forgedRes.statusCode).toBe(401)
    expect(forgedRes.json()).toEqual({ message: MESSAGES.invalidIdToken })

    // An account deleted after its token was issued.
    const gone = await createEmulatorUser()
    await deleteEmulatorUser(gone.idToken)
    expect((await login({ idToken: gone.idToken })).statusCode).toBe(401)
    expect(TEST_PROJECT_ID).toMatch(/^demo-/)
  })

  it('validates body fields and rejects bad JSON with a 400', async () => {
    const user = await createEmulatorUser()
    const long = await login({ idToken: user.idToken, nom: 'x'.repeat(500) })
    expect(long.statusCode).toBe(400)
    expect(long.json().errors.nom).toBeDefined()
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/sociallogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"idToken": ',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe(MESSAGES.invalidJson)
  })
})

describe('GET /api/profile and POST /api/logout', () => {
  it('answers the profile for the token, with role and loyalty points', async () => {
    const me = await signIn(ctx.app)
    const res = await ctx.app.inject({ url: '/api/profile', headers: me.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json().utilisateur).toMatchObject({
      id: me.userId,
      email: me.email,
      points: 0,
      role: { name: 'client', isadmin: false, isclient: true },
    })
  })

  it('401s without a token, with a forged token, a malformed header, an expired or a revoked token', async () => {
    expect((await ctx.app.inject({ url: '/api/profile' })).statusCode).toBe(401)
    const forged = await ctx.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${'A'.repeat(43)}` } })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().message).toBe(MESSAGES.invalidToken)
    expect((await ctx.app.inject({ url: '/api/profile', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401)

    const expiring = await signIn(ctx.app)
    await ctx.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.tokenHash, hashToken(expiring.token)))
    expect((await ctx.app.inject({ url: '/api/profile', headers: expiring.auth })).statusCode).toBe(401)

    const leaving = await signIn(ctx.app)
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: leaving.auth })
    expect(out.statusCode).toBe(200)
    expect(out.json().message).toBe(MESSAGES.loggedOut)
    expect((await ctx.app.inject({ url: '/api/profile', headers: leaving.auth })).statusCode).toBe(401)
    // GraphQL too: a revoked token is a 401, so the storefront drops it.
    const gqlRes = await ctx.app.inject({ method: 'POST', url: '/graphql', headers: leaving.auth, payload: { query: '{ ping }' } })
    expect(gqlRes.statusCode).toBe(401)
  })

  it('logout without a token is a 401', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401)
  })
})

describe('googleImg', () => {
  it('accepts https image addresses only, naming the field', async () => {
    const user = await createEmulatorUser()
    for (const googleImg of ['javascript:alert(document.cookie)', 'data:image/png;base64,AAAA', 'http://exemple.sn/photo.png', 'https://user:pass@exemple.sn/p.png', '//exemple.sn/p.png']) {
      const res = await login({ idToken: user.idToken, googleImg })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: MESSAGES.invalidInput, errors: { googleImg: [MESSAGES.googleImgInvalid] } })
    }
    const ok = await login({ idToken: user.idToken, googleImg: 'https://lh3.googleusercontent.com/a/photo' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().utilisateur.googleImg).toBe('https://lh3.googleusercontent.com/a/photo')
  })

  it('ignores a picture in the token that is not an https address', async () => {
    // A Firebase user sets their own photoURL; the emulator takes such an unsigned token.
    const { uid, email } = await createEmulatorUser()
    const res = await login({ idToken: craftIdToken({ sub: uid, user_id: uid, email, picture: 'javascript:alert(1)' }) })
    expect(res.statusCode).toBe(200)
    expect(res.json().utilisateur.googleImg).toBeNull()
  })
})

describe('rate limit on sign-in', () => {
  it('limits each account, with a looser ceiling per address that many customers can share', async () => {
    const limited = await createTestApp({ signInAccountRateLimit: 2, signInRateLimit: 5 })
    try {
      const attempt = (idToken: string, remoteAddress = '10.1.0.1') =>
        limited.app.inject({ method: 'POST', url: '/api/sociallogin', remoteAddress, payload: { idToken } })
      const awa = await createEmulatorUser()
      const moussa = await createEmulatorUser()
      expect((await attempt(awa.idToken)).statusCode).toBe(200)
      expect((await attempt(awa.idToken)).statusCode).toBe(200)
      const third = await attempt(awa.idToken)
      expect(third.statusCode).toBe(429)
      expect(third.json()).toEqual({ message: MESSAGES.signInTooManyAttempts })
      // Awa's account is limited from any address; Moussa, behind the same one, is not.
      expect((await attempt(awa.idToken, '10.1.0.2')).statusCode).toBe(429)
      expect((await attempt(moussa.idToken)).statusCode).toBe(200)
      // The address's own ceiling (5 a minute) is reached by its fifth attempt, whoever it is.
      expect((await attempt(moussa.idToken)).statusCode).toBe(200)
      const ceiling = await attempt((await createEmulatorUser()).idToken)
      expect(ceiling.statusCode).toBe(429)
      expect(ceiling.json()).toEqual({ message: MESSAGES.tooManyRequests })
    } finally {
      await limited.close()
    }
  })

  it('answers 429 in French past the limit', async () => {
    const limited = await createTestApp({ signInRateLimit: 3 })
    try {
      const statuses = []
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: 'x'.repeat(40) } })).statusCode)
      }
      expect(statuses).toEqual([401, 401, 401, 429])
      const last = await limited.app.inject({ method: 'POST', url: '/api/sociallogin', payload: { idToken: 'x'.repeat(40) } })
      expect(last.json().message).toBe(MESSAGES.tooManyRequests)
    } finally {
      await limited.close()
    }
  })
})
