// Entry point. The server sends each page already rendered: the app hydrates it (after
// loading the code of the page's route, so the first render matches), or renders from
// scratch when there is no server markup (the Vite dev server). A screen's code that fails to
// download (a new version was deployed, the network dropped) reloads the page once instead of
// leaving it blank (spec §2).
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { matchRoutes } from 'react-router'
import { App } from './app/app.tsx'
import { routes } from './app/router.tsx'

const RELOADED_AT = 'teranga.preload-reload'

window.addEventListener('vite:preloadError', (event) => {
  let last = 0
  try {
    last = Number(sessionStorage.getItem(RELOADED_AT)) || 0
    // Reload once; if it fails again soon after, let the error reach the route's message.
    if (Date.now() - last < 10_000) return
    sessionStorage.setItem(RELOADED_AT, String(Date.now()))
  } catch {
    return
  }
  event.preventDefault()
  window.location.reload()
})

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
if (root.firstElementChild) {
  void loadMatchedRoutes().then(
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (a phone stays responsive meanwhile).
    () => startTransition(() => void hydrateRoot(root, app)),
    // The route's code did not arrive: render what can be (the route shows its own error).
    () => createRoot(root).render(app),
  )
} else {
  createRoot(root).render(app)
}
