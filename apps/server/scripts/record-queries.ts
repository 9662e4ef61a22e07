// npm run queries:record -w apps/server: runs the server suite once, writing down every data
// statement the server's code sends (test/record-queries.ts), then keeps them in
// test/fixtures/release-queries.json. Run it on a release, before the next one changes the
// schema: test/release-queries.test.ts then prepares each of them against the new schema, so
// that a migration an older instance cannot live with fails the suite (ADR 030).
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDataStatement } from '../test/release-queries.ts'

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'teranga-queries-')), 'queries.jsonl')
const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  cwd: serverDir,
  stdio: 'inherit',
  env: { ...process.env, RECORD_QUERIES: out },
})
if (run.status !== 0) {
  console.error('La suite du serveur a échoué : les requêtes ne sont pas enregistrées.')
  process.exit(1)
}
const texts = new Set(
  fs
    .readFileSync(out, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string)
    .filter(isDataStatement),
)
const release = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: serverDir, encoding: 'utf8' }).trim()
const target = path.join(serverDir, 'test', 'fixtures', 'release-queries.json')
fs.writeFileSync(target, JSON.stringify({ release, queries: [...texts].sort() }, null, 1) + '\n')
console.log(`${texts.size} requêtes de ${release.slice(0, 7)} enregistrées dans ${path.relative(process.cwd(), target)}`)
