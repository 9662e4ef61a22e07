// End-to-end tests: real Chromium against the real server and the built storefront, one file
// at a time because the machine has two cores and one shared shop.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    // In CI, a JSON report too: .ci/run prints the counts of every suite as its closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results/e2e.json' },
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    // A cold page on a loaded machine, plus sign-ins through the emulator, can take a while.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // A browser test on a loaded two-core machine may lose a race with the machine itself:
    // one retry, and the first failure stays in the log with what the page showed.
    retry: 1,
    // The page answers in its own time: polled expectations wait up to 10 s.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
})
