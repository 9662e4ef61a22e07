// Debian's Caddy run with the shipped deploy/Caddyfile, only its addresses changed: the site on a
// local port (plain HTTP, no admin endpoint) and the given upstreams in place of the two
// instances'. Every health and load-balancing setting stays as shipped, so a test behind it
// proves what the file does.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

const REPO_DIR = fileURLToPath(new URL('../../..', import.meta.url))

export interface ShippedCaddy {
  /** What Caddy printed last (its JSON log lines). */
  output(): string
  /** Whether the process is still running. */
  running(): boolean
  /** SIGTERM, then SIGKILL after 5 s: Caddy waits for its open connections without limit. */
  stop(): Promise<void>
}

/** Writes the shipped Caddyfile with `site` (e.g. `http://127.0.0.1:1234`) and `upstreams` (host:port) into `workDir`, and runs Caddy on it. */
export async function startShippedCaddy(workDir: string, site: string, upstreams: string[]): Promise<ShippedCaddy> {
  const shipped = await fs.readFile(path.join(REPO_DIR, 'deploy/Caddyfile'), 'utf8')
  const siteLine = '{$TERANGA_DOMAIN:boutique.example.sn} {'
  const upstreamLine = 'to 127.0.0.1:3000 127.0.0.1:3001'
  expect(shipped).toContain(siteLine)
  expect(shipped).toContain(upstreamLine)
  expect(shipped).toMatch(/\n\t\thealth_uri \/ready\n/)
  const file = path.join(workDir, `Caddyfile-${upstreams.length}`)
  await fs.writeFile(file, `{\n\tadmin off\n}\n\n${shipped.replace(siteLine, `${site} {`).replace(upstreamLine, `to ${upstreams.join(' ')}`)}`)
  const caddy: ChildProcess = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH ?? '', HOME: workDir, XDG_DATA_HOME: workDir, XDG_CONFIG_HOME: workDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  caddy.stdout!.on('data', (c) => (output = (output + c).slice(-200_000)))
  caddy.stderr!.on('data', (c) => (output = (output + c).slice(-200_000)))
  return {
    output: () => output,
    running: () => caddy.exitCode === null,
    async stop() {
      if (caddy.exitCode !== null) return
      const gone = new Promise((resolve) => caddy.once('exit', resolve))
      caddy.kill('SIGTERM')
      const kill = setTimeout(() => caddy.kill('SIGKILL'), 5000)
      await gone
      clearTimeout(kill)
    },
  }
}
