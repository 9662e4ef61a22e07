// What the server embeds in the page it sends: the runtime configuration (Firebase project,
// emulator) and the first data of the requested page, so the first screen needs no API call.
import type { InitialQuery } from '@teranga/shared/storefront-queries'

export interface FirebaseWebConfig {
  apiKey: string
  authDomain: string
  projectId: string
  /** Set in demo mode: the Auth Emulator's URL. */
  emulatorUrl?: string
}

export interface BootData {
  firebase: FirebaseWebConfig
  queries: InitialQuery[]
}

const fallback: BootData = {
  firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-teranga', emulatorUrl: 'http://127.0.0.1:9099' },
  queries: [],
}

let cached: BootData | undefined

export function bootData(): BootData {
  if (cached) return cached
  const element = typeof document === 'undefined' ? null : document.getElementById('app-data')
  try {
    cached = element?.textContent ? { ...fallback, ...(JSON.parse(element.textContent) as Partial<BootData>) } : fallback
  } catch {
    cached = fallback
  }
  return cached
}
