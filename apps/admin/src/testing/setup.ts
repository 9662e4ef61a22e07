// Set-up of every page test: jest-dom matchers, the mocked API (msw), Firebase faked, a clean
// browser between tests, and the browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { server } from './server.ts'

configure({ asyncUtilTimeout: 3000 })

vi.mock('../lib/firebase.ts', () => ({
  emailSignIn: vi.fn(async (email: string, password: string) => {
    if (password === 'mauvais') throw new Error('Firebase: Error (auth/invalid-credential).')
    return { idToken: `id-token-of-${email}-0123456789`, email }
  }),
  firebaseSignOut: vi.fn(async () => undefined),
  sendVerificationEmail: vi.fn(async () => ({ status: 'sent', email: 'recrue@teranga.sn' })),
  // A phone proved by SMS (couriers, issue 25 §3): the code 123456 is the right one.
  requestPhoneCode: vi.fn(async (phoneNumber: string) => ({
    confirm: async (code: string) => {
      if (code !== '123456') throw Object.assign(new Error('Firebase: Error (auth/invalid-verification-code).'), { code: 'auth/invalid-verification-code' })
      return `id-token-of-${phoneNumber}-0123456789`
    },
  })),
}))

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  sessionStorage.clear()
})
afterAll(() => server.close())
