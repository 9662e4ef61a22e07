import { defineConfig } from 'vitest/config'

// The server suite runs once, each test file on its own database cloned from a migrated
// template: on an embedded PostgreSQL started for the run, or on the server TEST_DATABASE_URL
// names (CI sets it).
export default defineConfig({
  test: {
    name: 'postgres',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
    // Two files at a time even on two cores: most of the suite's time is spent waiting on child
    // processes, the database and the clock (boot, crash, rolling restarts), not computing (ADR 052).
    maxWorkers: 2,
    // `npm run queries:record` writes down the statements this release sends (ADR 030).
    setupFiles: process.env.RECORD_QUERIES ? ['./test/record-queries.ts'] : [],
    // In CI, a JSON report too: .ci/run prints its counts as the closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results/vitest.json' },
  },
})
