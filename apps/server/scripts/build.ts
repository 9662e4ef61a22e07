// `npm run build -w apps/server`: the server compiled to plain JavaScript in dist/, so that
// production runs `node dist/main.js` with no TypeScript loader. The shop's own code and
// @teranga/shared are bundled; packages from node_modules stay outside (native ones such as
// sharp cannot be bundled). dist/ sits one folder under apps/server like src/, so the paths
// computed in src/paths.ts (migrations, seeded images, the built apps) hold in both.
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))
export const DIST_DIR = path.join(SERVER_DIR, 'dist')

/** Every bare import outside the workspace is left to Node at run time. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@teranga/')) return undefined
      return { path: args.path, external: true }
    })
  },
}

export async function buildServer(outdir = DIST_DIR) {
  await fs.rm(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: {
      main: 'src/main.ts',
      // Granting the back-office role on the production server, without tsx.
      'admin-role': 'scripts/admin-role.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [packagesOutside],
    logLevel: 'warning',
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer()
  console.log(`serveur compilé dans ${path.relative(process.cwd(), DIST_DIR) || DIST_DIR}`)
}
