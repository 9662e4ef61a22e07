// Set-up of every route test: jest-dom matchers, the fake API, a clean browser (storage,
// DOM) between tests, and the few browser APIs jsdom lacks that the shell calls.
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { resetFactories } from './factories.ts'
import { resetServerState, server } from './server.ts'

// Toasts and dialogs load on demand: on a loaded two-core machine the first one may take
// more than Testing Library's default second to appear.
configure({ asyncUtilTimeout: 3000 })

// React Router's <ScrollRestoration> scrolls on every navigation, which jsdom cannot do.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo

// react-bootstrap's Offcanvas asks for the viewport's breakpoint.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// The app fetches '/graphql' and '/api/…' relative to the page: msw's fetch interceptor
// resolves them against jsdom's location (http://localhost:3000/), so handlers use '*/…'.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

beforeEach(() => {
  resetServerState()
  resetFactories()
  window.localStorage.clear()
  window.sessionStorage.clear()
})

afterEach(() => {
  cleanup()
  server.resetHandlers()
  vi.restoreAllMocks()
  vi.clearAllMocks()
})

afterAll(() => server.close())
