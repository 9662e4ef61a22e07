// Renders the real route tree at a path, inside the real providers, with a fresh query
// cache; page reloads (sign-in, sign-out) become a mock the test can check.
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { AppProvider } from '@/app/provider.tsx'
import { routes } from '@/app/router.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { TOKEN_KEY } from './browser-storage.ts'
import { makeUser } from './factories.ts'
import { db } from './server.ts'

export function renderApp(path = '/') {
  const queryClient = createQueryClient()
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const onReload = vi.fn()
  // No pause between keystrokes: the app's own timers (debounces, delays) are what tests wait on.
  const user = userEvent.setup({ delay: null })
  const view = render(
    <AppProvider queryClient={queryClient} onReload={onReload}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...view, user, router, onReload, queryClient }
}

/** A signed-in customer: the fake API knows them and the browser holds their token. */
export function signInAs(overrides: Partial<Utilisateur> = {}): Utilisateur {
  const customer = makeUser(overrides)
  db.user = customer
  window.localStorage.setItem(TOKEN_KEY, db.token)
  return customer
}
