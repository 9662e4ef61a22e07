// `npm run bench:orders-against`: the orders bench (orders.bench.ts) run on another commit's code
// and on this tree, in turn, in one run, and the ratio of their orders per second (ADR 071).
// The machine's other work moves the absolute rate by a third from one hour to the next; two
// codes measured in alternation share it, and their ratio is what a change did.
//
// BENCH_AGAINST (default 8c8ac4a, the code issue 27 was filed on, measured then at 193 orders/s
// beside a budget of 225/s: a ratio of 225/193 = 1.17) names the other commit; BENCH_PAIRS (3)
// how many runs of each. The other commit's files are unpacked with `git archive` under
// `.bench-against/<commit>/` (ignored), given hard links to this tree's installed packages, and
// this tree's orders bench files, so that both sides are measured by the same bench. Its own
// database, migrations and order path are its own.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ISSUE_27_CODE = '8c8ac4a'
const ISSUE_27_RATIO = 225 / 193
const AGAINST = process.env.BENCH_AGAINST || ISSUE_27_CODE
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3)
const WORKSPACES = ['.', 'packages/shared', 'apps/server', 'apps/web', 'apps/admin']

const benchDir = fileURLToPath(new URL('.', import.meta.url))
const git = (...args: string[]) => execFileSync('git', args, { cwd: benchDir, encoding: 'utf8' }).trim()

interface Measured {
  perSecond: number
  perOrder: number
  cpu: { node: number; postgres: number }
  p99: number
  created: number
  expected: number
}

/** The other commit's tree, unpacked once, with this tree's packages and orders bench. */
function otherTree(root: string): string {
  let commit: string
  try {
    commit = git('rev-parse', '--verify', `${AGAINST}^{commit}`)
  } catch {
    throw new Error(`commit ${AGAINST} is not in this clone (a shallow clone? git fetch --unshallow)`)
  }
  const dir = path.join(root, '.bench-against', commit.slice(0, 12))
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    execFileSync('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'sh', commit, dir], { cwd: root, stdio: 'inherit' })
    for (const workspace of WORKSPACES) {
      const installed = path.join(root, workspace, 'node_modules')
      // Hard links: the workspace packages' relative links then lead into the other tree.
      if (fs.existsSync(installed) && fs.existsSync(path.join(dir, workspace))) execFileSync('cp', ['-al', installed, path.join(dir, workspace, 'node_modules')])
    }
    fs.writeFileSync(path.join(dir, '.complete'), `${commit}\n`)
  }
  for (const file of fs.readdirSync(benchDir)) {
    if (file.startsWith('orders') || file === 'bench-database.ts') fs.copyFileSync(path.join(benchDir, file), path.join(dir, 'apps/server/bench', file))
  }
  if (fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8') !== fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) {
    console.log(`  note: ${AGAINST}'s package-lock.json differs from this tree's; it runs with this tree's packages`)
  }
  return dir
}

/** One run of the orders bench in `tree`: its embedded result. */
function measure(tree: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/orders.bench.ts'], {
      cwd: path.join(tree, 'apps/server'),
      env: { ...process.env, BENCH_JSON: '1', BENCH_DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '))
      if (code !== 0 || !line) return reject(new Error(`the orders bench in ${tree} ended with ${code}:\n${out}`))
      resolve(JSON.parse(line.slice('BENCH_RESULT '.length)) as Measured)
    })
  })
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const describe = (name: string, m: Measured) =>
  `  ${name.padEnd(14)} ${m.perSecond.toFixed(0).padStart(4)} orders/s   p99 ${String(m.p99).padStart(4)} ms   ${m.perOrder.toFixed(1)} statements/order   CPU per order: Node.js ${m.cpu.node.toFixed(2)} ms, PostgreSQL ${m.cpu.postgres.toFixed(2)} ms${m.created < m.expected ? `   FAILED ${m.expected - m.created}` : ''}`

async function main() {
  const root = git('rev-parse', '--show-toplevel')
  const head = git('rev-parse', '--short', 'HEAD')
  const dirty = git('status', '--porcelain', '--untracked-files=no') ? ' with changes' : ''
  console.log(`\norders: ${AGAINST} against this tree (${head}${dirty}), ${PAIRS} runs each in turn`)
  const tree = otherTree(root)
  const runs = { against: [] as Measured[], here: [] as Measured[] }
  for (let pair = 0; pair < PAIRS; pair++) {
    // Each side goes first in every other pair: a machine slowing down over the run weighs on both.
    for (const side of pair % 2 ? (['here', 'against'] as const) : (['against', 'here'] as const)) {
      const result = await measure(side === 'here' ? root : tree)
      runs[side].push(result)
      console.log(describe(side === 'here' ? `this tree` : AGAINST, result))
    }
  }
  const rate = { against: median(runs.against.map((r) => r.perSecond)), here: median(runs.here.map((r) => r.perSecond)) }
  const cpu = (rs: Measured[]) => median(rs.map((r) => r.cpu.node + r.cpu.postgres))
  const ratio = rate.here / rate.against
  console.log(`  medians: ${AGAINST} ${rate.against.toFixed(0)} orders/s, this tree ${rate.here.toFixed(0)} orders/s: ${ratio.toFixed(2)}×`)
  console.log(`  CPU per order (Node.js + PostgreSQL), medians: ${AGAINST} ${cpu(runs.against).toFixed(2)} ms, this tree ${cpu(runs.here).toFixed(2)} ms`)
  if (AGAINST === ISSUE_27_CODE) {
    console.log(
      `  ${ratio >= ISSUE_27_RATIO ? 'OK  ' : 'MISS'} orders ≥ 225/s where issue 27's code made 193/s, i.e. ≥ ${ISSUE_27_RATIO.toFixed(2)}× that code in the same run: ${ratio.toFixed(2)}×`,
    )
  }
  if ([...runs.against, ...runs.here].some((r) => r.created < r.expected)) process.exitCode = 1
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
