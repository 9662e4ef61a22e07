// A screen's code that fails to download (a new version was deployed, the network dropped)
// reloads the page once instead of leaving it blank (spec §2: the preload-error event is
// cancelable and rethrown unless a handler prevents it). A second failure soon after is left
// to the route's error message, so a broken deploy cannot loop.

const RELOADED_AT = 'teranga.preload-reload'
const RETRY_WINDOW_MS = 10_000

export function installPreloadRecovery(target: Window = window, now: () => number = Date.now): () => void {
  const onPreloadError = (event: Event) => {
    try {
      const last = Number(target.sessionStorage.getItem(RELOADED_AT)) || 0
      if (now() - last < RETRY_WINDOW_MS) return
      target.sessionStorage.setItem(RELOADED_AT, String(now()))
    } catch {
      return
    }
    event.preventDefault()
    // Said on the console: a reload the shopper did not ask for should leave a trace.
    console.error('A module failed to load; reloading the page once.', (event as Event & { payload?: unknown }).payload)
    target.location.reload()
  }
  target.addEventListener('vite:preloadError', onPreloadError)
  return () => target.removeEventListener('vite:preloadError', onPreloadError)
}
