// Lighthouse's default mobile audit (simulated slow 4G, 4x CPU) of the home, a product page, the
// promotions' grid and a search's results (issue 19) served by the real server, the first
// page's JS weight, and the verdicts against our budgets.
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { CHROMIUM_PATH } from '../e2e/support/browser.ts'
import { ensureWebBuild, startShop, WEB_DIR, WEB_DIST, type RunningShop } from '../e2e/support/shop-server.ts'
import { firstPageScripts } from '../scripts/first-page-scripts.ts'

const BUDGETS = { performance: 95, lcpMs: 2000, cls: 0.05, firstPageJsKb: 150 }

// --headless=new: the old headless mode paints differently and Lighthouse 12 expects the new one.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const RESULTS_DIR = path.join(WEB_DIR, 'bench/results')
/** Sizes are in KB of 1024 bytes, as Lighthouse reports them. */
const kb = (bytes: number) => bytes / 1024

interface RunSummary {
  score: number | null
  lcpMs: number | null
  fcpMs: number | null
  tbtMs: number | null
  cls: number | null
  speedIndexMs: number | null
  jsKb: number
  totalKb: number
  requests: number
  /** Lighthouse's measure of the host's CPU (higher is faster): the 4× slowdown is relative to it, so scores from two hosts compare only at a like index. */
  benchmarkIndex: number | null
  warnings: string[]
  runtimeError: string | null
}

interface RequestItem {
  url: string
  resourceType?: string
  transferSize?: number
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      product: { type: 'string', default: '1' },
    },
    strict: true,
  })
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, not ${values.runs}`)
  if (!/^[\w-]+$/.test(values.product)) throw new Error(`--product must be a product id, not ${values.product}`)
  return { runs, paths: ['/', `/product/${values.product}`, '/promotions', '/recherche?q=riz'] }
}

function median(values: Array<number | null>): number | null {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function summarise(lhr: Result): RunSummary {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null
  const details = lhr.audits['network-requests']?.details as { items?: RequestItem[] } | undefined
  const items = details?.items ?? []
  const bytes = (list: RequestItem[]) => list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
  const score = lhr.categories.performance?.score
  return {
    score: score === null || score === undefined ? null : Math.round(score * 100),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    jsKb: kb(bytes(items.filter((item) => item.resourceType === 'Script'))),
    totalKb: kb(bytes(items)),
    requests: items.length,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    warnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
  }
}

async function audit(url: string): Promise<{ summary: RunSummary; report: string }> {
  // A fresh browser per run: no HTTP cache, service worker or warmed-up V8 carried over.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const report = Array.isArray(result.report) ? result.report.join('\n') : result.report
    return { summary: summarise(result.lhr), report }
  } finally {
    chrome.kill()
  }
}

// ---------- the first page's JS, from the build ----------

interface StaticScript {
  url: string
  rawKb: number
  gzipKb: number
  brotliKb: number
}

async function staticJsWeight() {
  const files: StaticScript[] = []
  for (const url of firstPageScripts(WEB_DIST).map((file) => `/${file}`)) {
    const source = await fs.readFile(path.join(WEB_DIST, url.replace(/^\.?\//, '').split(/[?#]/)[0]!))
    files.push({
      url,
      rawKb: kb(source.length),
      gzipKb: kb(gzipSync(source, { level: 9 }).length),
      brotliKb: kb(brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
    })
  }
  const sum = (key: 'rawKb' | 'gzipKb' | 'brotliKb') => files.reduce((total, file) => total + file[key], 0)
  return { files, rawKb: sum('rawKb'), gzipKb: sum('gzipKb'), brotliKb: sum('brotliKb') }
}

// ---------- compression as served ----------

interface Served {
  path: string
  status: number
  contentEncoding: string | null
  bytesOnWire: number
}

/** A raw request, so that nothing decompresses behind our back or rewrites accept-encoding. */
function served(baseURL: string, urlPath: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(urlPath, baseURL), { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () =>
        resolve({
          path: urlPath,
          status: res.statusCode ?? 0,
          contentEncoding: res.headers['content-encoding'] ?? null,
          bytesOnWire: bytes,
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

// ---------- printing ----------

const fmt = {
  score: (v: number | null) => (v === null ? 'n/a' : String(v)),
  seconds: (v: number | null) => (v === null ? 'n/a' : `${(v / 1000).toFixed(2)} s`),
  ms: (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)} ms`),
  cls: (v: number | null) => (v === null ? 'n/a' : v.toFixed(3)),
  kb: (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} KB`),
}

function printTable(urlPath: string, runs: RunSummary[]) {
  const rows: Array<[string, keyof RunSummary, (v: number | null) => string]> = [
    ['Performance', 'score', fmt.score],
    ['LCP', 'lcpMs', fmt.seconds],
    ['FCP', 'fcpMs', fmt.seconds],
    ['TBT', 'tbtMs', fmt.ms],
    ['CLS', 'cls', fmt.cls],
    ['Speed Index', 'speedIndexMs', fmt.seconds],
    ['JS transferred', 'jsKb', fmt.kb],
    ['Total transferred', 'totalKb', fmt.kb],
    ['Requests', 'requests', (v) => (v === null ? 'n/a' : String(v))],
    ['Host CPU index', 'benchmarkIndex', (v) => (v === null ? 'n/a' : String(Math.round(v)))],
  ]
  console.log(`\n${urlPath}  (${runs.length} run${runs.length > 1 ? 's' : ''})`)
  console.log(`  ${'metric'.padEnd(18)}${'median'.padStart(10)}${'min'.padStart(10)}${'max'.padStart(10)}`)
  for (const [label, key, format] of rows) {
    const values = runs.map((run) => run[key] as number | null).filter((v): v is number => v !== null)
    const min = values.length ? Math.min(...values) : null
    const max = values.length ? Math.max(...values) : null
    console.log(`  ${label.padEnd(18)}${format(median(values)).padStart(10)}${format(min).padStart(10)}${format(max).padStart(10)}`)
  }
  for (const [i, run] of runs.entries()) {
    if (run.runtimeError) console.log(`  run ${i + 1} error: ${run.runtimeError}`)
    for (const warning of run.warnings) console.log(`  run ${i + 1} warning: ${warning.replace(/\s+/g, ' ').slice(0, 200)}`)
  }
}

function verdict(pass: boolean | null, text: string) {
  console.log(`${pass === null ? 'N/A ' : pass ? 'PASS' : 'FAIL'}  ${text}`)
  return pass
}

// ---------- main ----------

async function main() {
  const started = Date.now()
  const { runs, paths } = parseOptions()
  await ensureWebBuild()
  const staticJs = await staticJsWeight()

  let shop: RunningShop | undefined
  try {
    shop = await startShop()
    const { baseURL } = shop
    const compression = [await served(baseURL, '/'), ...(staticJs.files[0] ? [await served(baseURL, staticJs.files[0].url)] : [])]

    // One plain load of every page first: the server's first answers pay for lazy caches and JIT.
    for (const urlPath of paths) await (await fetch(new URL(urlPath, baseURL))).arrayBuffer()

    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const outDir = path.join(RESULTS_DIR, stamp)
    await fs.mkdir(outDir, { recursive: true })

    const measured: Record<string, RunSummary[]> = {}
    for (const urlPath of paths) {
      measured[urlPath] = []
      const slug = urlPath === '/' ? 'home' : urlPath.replace(/^\/|\/$/g, '').replace(/[^\w-]+/g, '-')
      for (let i = 1; i <= runs; i++) {
        process.stderr.write(`[bench] Lighthouse ${urlPath} run ${i}/${runs}\n`)
        const { summary, report } = await audit(new URL(urlPath, baseURL).toString())
        measured[urlPath].push(summary)
        await fs.writeFile(path.join(outDir, `${slug}-run${i}.report.json`), report)
      }
    }

    console.log(`\nLighthouse 12, default mobile: simulated slow 4G, 4x CPU slowdown; performance only. 1 KB = 1024 bytes.`)
    for (const urlPath of paths) printTable(urlPath, measured[urlPath]!)

    console.log(`\nFirst-page JS from apps/web/dist (the entry of index.html, the app it starts, and their static imports):`)
    for (const file of staticJs.files) {
      console.log(`  ${file.url}  ${fmt.kb(file.rawKb)} raw, ${fmt.kb(file.gzipKb)} gzip -9, ${fmt.kb(file.brotliKb)} brotli 11`)
    }
    console.log(`  total: ${fmt.kb(staticJs.rawKb)} raw, ${fmt.kb(staticJs.gzipKb)} gzip -9, ${fmt.kb(staticJs.brotliKb)} brotli 11`)
    if (staticJs.files.length === 0) console.log('  (index.html loads no module script)')

    console.log(`\nCompression as served (accept-encoding: gzip, br):`)
    for (const answer of compression) {
      console.log(`  GET ${answer.path} -> ${answer.status}, content-encoding: ${answer.contentEncoding ?? 'none'}, ${answer.bytesOnWire} bytes`)
    }

    console.log(`\nBudgets`)
    for (const urlPath of paths) {
      const runsOf = measured[urlPath]!
      const score = median(runsOf.map((r) => r.score))
      const lcp = median(runsOf.map((r) => r.lcpMs))
      const cls = median(runsOf.map((r) => r.cls))
      verdict(score === null ? null : score >= BUDGETS.performance, `${urlPath} performance ${fmt.score(score)} >= ${BUDGETS.performance}`)
      verdict(lcp === null ? null : lcp <= BUDGETS.lcpMs, `${urlPath} LCP ${fmt.seconds(lcp)} <= ${fmt.seconds(BUDGETS.lcpMs)}`)
      verdict(cls === null ? null : cls <= BUDGETS.cls, `${urlPath} CLS ${fmt.cls(cls)} <= ${BUDGETS.cls}`)
    }
    verdict(
      staticJs.gzipKb <= BUDGETS.firstPageJsKb,
      `first-page JS (dist, gzip -9) ${fmt.kb(staticJs.gzipKb)} <= ${BUDGETS.firstPageJsKb} KB`,
    )
    const homeJs = median(measured['/']!.map((r) => r.jsKb))
    verdict(
      homeJs === null ? null : homeJs <= BUDGETS.firstPageJsKb,
      `first-page JS (transferred on /) ${fmt.kb(homeJs)} <= ${BUDGETS.firstPageJsKb} KB`,
    )

    const summary = { date: new Date().toISOString(), baseURL, runs, budgets: BUDGETS, staticJs, compression, measured }
    await fs.writeFile(path.join(outDir, 'summary.json'), JSON.stringify(summary, null, 2))
    console.log(`\nReports: ${path.relative(process.cwd(), outDir) || '.'}`)
  } finally {
    await shop?.stop()
  }
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
