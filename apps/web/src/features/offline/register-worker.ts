// Registers the service worker once the page has painted and loaded (it must not compete with
// the first screen for a 3G link), and offers a new release when one is installed and waiting.
import { SKIP_WAITING_MESSAGE } from './worker-rules.ts'
import { waitingRelease } from './network-status.ts'

const WORKER_URL = '/sw.js'
const CHECK_EVERY_MS = 60 * 60_000

export interface WorkerHost {
  serviceWorker: ServiceWorkerContainer
  location: Pick<Location, 'reload'>
  document: Pick<Document, 'addEventListener' | 'visibilityState'>
}

export async function registerWorker(host: WorkerHost): Promise<ServiceWorkerRegistration> {
  const container = host.serviceWorker
  const registration = await container.register(WORKER_URL, { scope: '/' })
  let accepted = false
  const offer = (worker: ServiceWorker) =>
    waitingRelease.set(() => {
      accepted = true
      worker.postMessage({ type: SKIP_WAITING_MESSAGE })
    })
  // The first worker takes over no page: only a release replacing another is offered.
  if (registration.waiting && container.controller) offer(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing)
    })
  })
  container.addEventListener('controllerchange', () => {
    if (!accepted) return
    accepted = false
    host.location.reload()
  })
  // A tab left open for days still hears of a new release.
  const check = () => void registration.update().catch(() => undefined)
  host.document.addEventListener('visibilitychange', () => {
    if (host.document.visibilityState === 'visible') check()
  })
  setInterval(check, CHECK_EVERY_MS)
  return registration
}

/** After the load event and an idle moment; nothing where service workers are unavailable. */
export function registerWorkerWhenIdle(): void {
  if (!('serviceWorker' in navigator)) return
  const start = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000))
    idle(() => void registerWorker({ serviceWorker: navigator.serviceWorker, location: window.location, document }).catch((error: unknown) => console.warn('Service worker not registered', error)))
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
