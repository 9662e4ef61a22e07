// Entry point. The server sends each page already rendered: the app hydrates it (after
// loading the code of the page's route, so the first render matches), or renders from
// scratch when there is no server markup (the Vite dev server).
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { matchRoutes } from 'react-router'
import { App } from './app/app.tsx'
import { routes } from './app/router.tsx'
import { installPreloadRecovery } from './lib/preload-recovery.ts'

installPreloadRecovery()

async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, loaded, { lazy: undefined })
    }),
  )
}

const root = document.getElementById('root')!
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
const serverRendered = root.firstElementChild !== null
const start = () => {
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a phone stays responsive meanwhile).
  if (serverRendered) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}
// The route's code did not arrive: render anyway (the route shows its own error).
void loadMatchedRoutes().then(start, () => {
  root.replaceChildren()
  createRoot(root).render(app)
})
