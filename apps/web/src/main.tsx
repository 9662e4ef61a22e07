// Entry point. A screen's code that fails to download (a new version was deployed, the
// network dropped) reloads the page once instead of leaving it blank (spec §2).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import './styles/app.scss'

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
