// The API as the e2e tests' other actors use it beside the browser: the Firebase Auth
// Emulator's REST calls, the shop's token for an ID token, a caller with that token, and the SMS
// code the emulator « sent » to a number (a courier's phone sign-in).
import { E2E_PROJECT_ID } from './shop-server.ts'

export async function emulatorCall<T>(emulatorHost: string, method: string, body: unknown): Promise<T> {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`emulator ${method}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** The shop's API token for a Firebase ID token. */
export async function shopToken(baseURL: string, idToken: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/sociallogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) })
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

export type Caller = <T>(method: string, url: string, body?: unknown) => Promise<T>

/** Calls the shop's API with `token`; throws with the answer on anything but 2xx. */
export const caller =
  (baseURL: string, token: string): Caller =>
  async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (res.status === 204 ? undefined : await res.json()) as T
  }

/** The last code the emulator « sent » to the number (E.164). */
export async function smsCode(emulatorHost: string, phoneNumber: string): Promise<string> {
  const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${E2E_PROJECT_ID}/verificationCodes`)
  const { verificationCodes } = (await res.json()) as { verificationCodes: Array<{ phoneNumber: string; code: string }> }
  const code = verificationCodes.filter((c) => c.phoneNumber === phoneNumber).at(-1)?.code
  if (!code) throw new Error(`no code sent to ${phoneNumber}`)
  return code
}
