import { defineConfig } from 'vitest/config'

// The server suite runs on a fresh embedded PGlite per test file and, when
// TEST_DATABASE_URL points at a PostgreSQL server, a second time against it.
const common = {
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  include: ['test/**/*.test.ts'],
}

export default defineConfig({
  test: {
    // In CI, a JSON report too: .ci/run prints its counts as the closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results/vitest.json' },
    projects: [
      { test: { ...common, name: 'pglite', env: { TEST_DB_KIND: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...common,
                name: 'postgres',
                env: { TEST_DB_KIND: 'postgres' },
                // The `npm start` path is about the embedded default; it runs in the pglite project.
                exclude: ['test/boot.test.ts'],
              },
            },
          ]
        : []),
    ],
  },
})
