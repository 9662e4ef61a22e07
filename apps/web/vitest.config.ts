// Route-level tests of the storefront: whole routes rendered in jsdom against a mocked API.
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

const FIREBASE_MODULE = fileURLToPath(new URL('./src/lib/firebase.ts', import.meta.url))
const FAKE_FIREBASE = fileURLToPath(new URL('./src/testing/fake-firebase.ts', import.meta.url))

/**
 * Every import of `src/lib/firebase.ts` gets the fakes of `src/testing/fake-firebase.ts` (the
 * real SDK runs in the end-to-end tests). Not `vi.mock`: the app imports Firebase on pointer
 * enter, focus and click at once, and Vitest 4 hands the real module to overlapping dynamic
 * imports of a mocked one (vitest-dev/vitest#7040).
 */
function fakeFirebase(): Plugin {
  return {
    name: 'teranga-fake-firebase',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/firebase.ts')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id === FIREBASE_MODULE ? FAKE_FIREBASE : null
    },
  }
}

export default defineConfig({
  plugins: [react(), fakeFirebase()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    // In CI, a JSON report too: .ci/run prints the counts of every suite as its closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results/vitest.json' },
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest's default leaves one core of two idle; jsdom files share nothing (ADR 052).
    maxWorkers: 2,
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
})
