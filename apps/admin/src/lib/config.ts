// The settings the server embeds in index.html (admin-app.plugin.ts): Firebase's web config.
export interface AdminConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; emulatorUrl?: string }
}

const FALLBACK: AdminConfig = { firebase: { apiKey: 'demo-key', authDomain: 'localhost', projectId: 'demo-teranga', emulatorUrl: 'http://127.0.0.1:9099' } }

export function adminConfig(): AdminConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('admin-config')
  if (!element?.textContent) return FALLBACK
  try {
    return JSON.parse(element.textContent) as AdminConfig
  } catch {
    return FALLBACK
  }
}

/** The demo account is hinted only on a demo project (the Auth emulator). */
export function isDemo(): boolean {
  return adminConfig().firebase.projectId.startsWith('demo-')
}
