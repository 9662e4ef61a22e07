// The offline pieces of issue 18 §3 on the whole app: the « Vous êtes hors ligne » banner that
// comes and goes with the connection, the note on answers kept by the worker, the
// « Nouvelle version disponible » prompt that hands over to a new release, and the rules the
// worker keeps answers by.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app.tsx'
import { listenToWorker, staleAnswers, waitingRelease } from './network-status.ts'
import { registerWorker, type WorkerHost } from './register-worker.ts'
import { isGraphqlRead, isPrivateAnswer, isShopPage, KEPT_PAGE_META, markKeptPage, SKIP_WAITING_MESSAGE, STALE_MESSAGE } from './worker-rules.ts'

afterEach(() => {
  staleAnswers.set(false)
  waitingRelease.set(null)
  vi.restoreAllMocks()
})

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  act(() => void fireEvent(window, new Event('offline')))
}

function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  act(() => void fireEvent(window, new Event('online')))
}

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  postMessage = vi.fn()
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null
  installing: FakeWorker | null = null
  update = vi.fn(async () => undefined)
}

class FakeContainer extends EventTarget {
  constructor(
    public controller: object | null,
    readonly registration: FakeRegistration,
  ) {
    super()
  }
  register = vi.fn(async () => this.registration)
}

function hostWith(container: FakeContainer) {
  const reload = vi.fn()
  const host = {
    serviceWorker: container as unknown as ServiceWorkerContainer,
    location: { reload },
    document: { addEventListener: () => undefined, visibilityState: 'visible' },
  } as unknown as WorkerHost
  return { host, reload }
}

describe('offline banner', () => {
  it('appears when the connection drops and goes when it comes back', async () => {
    renderApp('/')
    expect(await screen.findByRole('region', { name: 'Pourquoi nous choisir ?' })).toBeInTheDocument()

    goOffline()
    const banner = await screen.findByTestId('offline-banner')
    expect(banner).toHaveTextContent('Vous êtes hors ligne')
    expect(banner).toHaveTextContent('commander, payer ou se connecter demande une connexion')
    expect(banner).toHaveTextContent('possiblement pas à jour')
    // Discreet: a polite status, not an alert that interrupts a screen reader.
    expect(banner.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite')

    goOnline()
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument())
  })

  it("marks the page « possiblement pas à jour » when the worker answered from its cache, until the connection is back", async () => {
    const worker = Object.assign(new EventTarget(), { startMessages: vi.fn() })
    const stop = listenToWorker({ serviceWorker: worker as unknown as ServiceWorkerContainer })
    // Messages sent before the app's code ran are delivered, not dropped.
    expect(worker.startMessages).toHaveBeenCalled()
    try {
      renderApp('/')
      expect(await screen.findByRole('region', { name: 'Pourquoi nous choisir ?' })).toBeInTheDocument()
      act(() => void worker.dispatchEvent(new MessageEvent('message', { data: { type: STALE_MESSAGE } })))
      expect(await screen.findByTestId('stale-banner')).toHaveTextContent('possiblement pas à jour')

      goOnline()
      await waitFor(() => expect(screen.queryByTestId('stale-banner')).not.toBeInTheDocument())
    } finally {
      stop()
    }
  })

  it('marks a page the worker served from its copy (a slow network) « possiblement pas à jour »', async () => {
    const meta = document.createElement('meta')
    meta.name = KEPT_PAGE_META
    meta.content = '1'
    document.head.append(meta)
    const stop = listenToWorker({})
    try {
      renderApp('/')
      expect(await screen.findByTestId('stale-banner')).toHaveTextContent('Connexion lente : certaines informations affichées sont possiblement pas à jour.')
    } finally {
      stop()
      meta.remove()
    }
  })
})

describe('update prompt', () => {
  it('offers « Nouvelle version disponible »; « Recharger » hands over to the new worker, then reloads once', async () => {
    const registration = new FakeRegistration()
    const waiting = new FakeWorker()
    waiting.state = 'installed'
    registration.waiting = waiting
    const container = new FakeContainer({}, registration)
    const { host, reload } = hostWith(container)
    const { user } = renderApp('/')
    expect(await screen.findByRole('region', { name: 'Pourquoi nous choisir ?' })).toBeInTheDocument()

    await act(() => registerWorker(host))
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
    const prompt = await screen.findByTestId('update-prompt')
    expect(prompt).toHaveTextContent('Nouvelle version disponible')

    await user.click(screen.getByRole('button', { name: 'Recharger' }))
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING_MESSAGE })
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeDisabled()
    container.dispatchEvent(new Event('controllerchange'))
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('says nothing for the first worker, and offers a release installed later while the page is open', async () => {
    const registration = new FakeRegistration()
    const container = new FakeContainer(null, registration)
    const { host, reload } = hostWith(container)
    renderApp('/')
    expect(await screen.findByRole('region', { name: 'Pourquoi nous choisir ?' })).toBeInTheDocument()

    await act(() => registerWorker(host))
    // The first install: no page runs an older release, nothing to offer.
    const first = new FakeWorker()
    registration.installing = first
    act(() => void registration.dispatchEvent(new Event('updatefound')))
    act(() => first.become('installed'))
    expect(waitingRelease.get()).toBeNull()
    // A page reloaded while the first worker took over never reloads by itself.
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).not.toHaveBeenCalled()

    // A new release while this page is controlled.
    container.controller = {}
    const next = new FakeWorker()
    registration.installing = next
    act(() => void registration.dispatchEvent(new Event('updatefound')))
    act(() => next.become('installed'))
    expect(await screen.findByTestId('update-prompt')).toHaveTextContent('Nouvelle version disponible')
  })
})

describe('what the worker keeps', () => {
  it('keeps GraphQL reads, never a mutation or a body that is not a document', () => {
    expect(isGraphqlRead(JSON.stringify({ query: 'query Produit($id: Int!) { produit(id: $id) { id } }', variables: { id: 1 } }))).toBe(true)
    expect(isGraphqlRead(JSON.stringify({ query: '{ preferences { telephone } }' }))).toBe(true)
    expect(isGraphqlRead(JSON.stringify({ query: '# a comment\n mutation Ajouter { ajouter { id } }' }))).toBe(false)
    expect(isGraphqlRead(JSON.stringify({ query: 'subscription { commandes { id } }' }))).toBe(false)
    expect(isGraphqlRead('pas du json')).toBe(false)
    expect(isGraphqlRead(JSON.stringify({ variables: {} }))).toBe(false)
  })

  it('keeps shop pages of its own origin, not the API, the back office, payment sandboxes or follow-up links', () => {
    const origin = 'https://teranga.sn'
    expect(isShopPage(new URL('https://teranga.sn/product/12'), origin)).toBe(true)
    expect(isShopPage(new URL('https://teranga.sn/'), origin)).toBe(true)
    for (const path of ['/admin/commandes', '/api/profile', '/sandbox/wave/1', '/suivi/TRG-1?k=x', '/media/p.webp']) {
      expect(isShopPage(new URL(`https://teranga.sn${path}`), origin)).toBe(false)
    }
    expect(isShopPage(new URL('https://ailleurs.sn/product/12'), origin)).toBe(false)
  })

  it('marks the HTML of a kept page in its head', () => {
    expect(markKeptPage('<html><head><title>T</title></head><body></body></html>')).toBe(
      `<html><head><title>T</title><meta name="${KEPT_PAGE_META}" content="1"></head><body></body></html>`,
    )
  })

  it('never keeps an answer marked private or no-store', () => {
    expect(isPrivateAnswer('no-store')).toBe(true)
    expect(isPrivateAnswer('private, max-age=0')).toBe(true)
    expect(isPrivateAnswer('public, max-age=60')).toBe(false)
    expect(isPrivateAnswer(null)).toBe(false)
  })
})
