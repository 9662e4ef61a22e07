// The back-office app (apps/admin, a separate Vite project built with base /admin/): its hashed
// assets cached for a year, and every other GET under /admin answered with its index.html
// (the app routes itself), never cached, with the Firebase settings embedded. When the app
// was not built, /admin answers a French 503 page instead.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { Config } from '../../config.ts'
import { builtAppCaching } from '../../lib/built-app-caching.ts'
import { DEFAULT_ADMIN_ROOT } from '../../paths.ts'

export { DEFAULT_ADMIN_ROOT }

export interface AdminAppOptions {
  config: Pick<Config, 'firebaseWeb' | 'firebaseProjectId' | 'firebaseEmulatorHost'>
  /** The built back-office; null serves none (and /admin is left to the storefront's 404). */
  adminRoot: string | null
}

const NOT_BUILT = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back-office indisponible — Teranga</title></head><body style="font-family:system-ui,sans-serif;padding:2rem;max-width:40rem;margin:auto">
<h1>Back-office indisponible</h1><p>L'application du back-office n'a pas été construite sur ce serveur. Lancez <code>npm run build</code> puis redémarrez le serveur.</p>
</body></html>`

/** JSON inside a <script> element: `<` escaped so that nothing can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export default async function adminApp(app: FastifyInstance, opts: AdminAppOptions) {
  if (opts.adminRoot === null) return
  const root = opts.adminRoot
  const indexFile = path.join(root, 'index.html')
  if (!fs.existsSync(indexFile)) {
    const unavailable = async (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.status(503).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('retry-after', '60').send(NOT_BUILT)
    app.get('/admin', unavailable)
    app.get('/admin/*', unavailable)
    return
  }
  const { config } = opts
  const firebase = {
    ...config.firebaseWeb,
    projectId: config.firebaseProjectId,
    emulatorUrl: config.firebaseEmulatorHost ? `http://${config.firebaseEmulatorHost}` : undefined,
  }
  const boot = `<script id="admin-config" type="application/json">${scriptJson({ firebase })}</script>`
  const template = fs.readFileSync(indexFile, 'utf8')
  const html = template.includes('<!--admin-config-->') ? template.replace('<!--admin-config-->', boot) : template.replace('</head>', `${boot}</head>`)

  await app.register(async (scope) => {
    // Hashed assets cached for a year, the other files of dist an hour (built-app-caching.ts),
    // sent precompressed; index.html only through the fallback.
    await scope.register(fastifyStatic, {
      root,
      prefix: '/admin/',
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders: builtAppCaching(root),
      preCompressed: true,
      allowedPath: (pathname) => pathname !== '/index.html',
    })
    const page = async (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
    scope.get('/admin', page)
    scope.get('/admin/*', async (request, reply) => {
      // A missing asset is a 404, not the app's page (a stale tab asking for an old chunk).
      if (/^\/admin\/assets\//.test(request.url)) return reply.status(404).header('content-type', 'text/plain; charset=utf-8').send('Introuvable')
      return page(request, reply)
    })
  })
}
