// Page-level tests of the back-office: whole pages rendered in jsdom against a mocked API (msw).
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  plugins: [react()],
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
