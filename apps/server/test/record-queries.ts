// Set up only by `npm run queries:record`: every data statement the server's own code sends
// while the suite runs (not those of the tests' fixtures) is written down, so the next
// release's schema can be checked against this release's queries (ADR 030,
// test/release-queries.test.ts).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll } from 'vitest'

const out = process.env.RECORD_QUERIES
const sourceDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src') + path.sep

if (out) {
  // Deep enough to reach the server's frame below the driver's and Drizzle's.
  Error.stackTraceLimit = 60
  const seen = new Set<string>()
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0]
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text
    if (typeof text === 'string' && !seen.has(text)) {
      // Sent from the server's code, not from a test's fixture.
      const stack = new Error().stack ?? ''
      if (stack.includes(sourceDir)) seen.add(text)
    }
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query
  afterAll(() => {
    if (seen.size) fs.appendFileSync(out, [...seen].map((text) => JSON.stringify(text)).join('\n') + '\n')
  })
}
