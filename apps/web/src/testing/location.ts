// The browser leaving the shop (a payment provider's page): jsdom cannot navigate, so tests
// replace `window.location` with a copy whose `assign` records the address.
import { vi } from 'vitest'

export function stubLocationAssign() {
  const current = window.location
  const assign = vi.fn<(url: string | URL) => void>()
  vi.stubGlobal('location', {
    href: current.href,
    origin: current.origin,
    protocol: current.protocol,
    host: current.host,
    hostname: current.hostname,
    port: current.port,
    pathname: current.pathname,
    search: current.search,
    hash: current.hash,
    assign,
    replace: vi.fn(),
    reload: vi.fn(),
    toString: () => current.href,
  })
  return assign
}
