// The shared French sentences for Firebase's refusals cover every code the SDK this shop
// ships can give (AuthErrorCodes), so no shopper meets a code or Firebase's English.
import { AuthErrorCodes } from 'firebase/auth'
import { describe, expect, it } from 'vitest'
import { FIREBASE_AUTH_ERRORS } from '@teranga/shared/firebase-errors'

describe("Firebase's error codes", () => {
  it('each has a French sentence', () => {
    const missing = Object.values(AuthErrorCodes).filter((code) => !FIREBASE_AUTH_ERRORS[code])
    expect(missing).toEqual([])
  })

  it('are sentences, not codes or English', () => {
    for (const [code, sentence] of Object.entries(FIREBASE_AUTH_ERRORS)) {
      expect(sentence, code).toMatch(/^[a-zàâçéèêëîïôûùüÿœ'].*\.$/)
      expect(sentence, code).not.toMatch(/auth\/|Firebase|error|the |please/i)
    }
  })
})
