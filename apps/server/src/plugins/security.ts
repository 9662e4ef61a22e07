// Security headers with a CSP the storefront lives with (Firebase sign-in, map tiles,
// Google profile photos), and the rate limiter that individual routes opt into.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import rateLimit from '@fastify/rate-limit'
import { MESSAGES } from '@teranga/shared/server-messages'
import { AppError } from '../lib/errors.ts'

/** Runs helmet once against a recording response and keeps the headers it sets. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  helmet(options)({} as never, response as never, () => {})
  return headers
}

/** Responses no browser renders as a page (SVG can be one, so it keeps every header). */
const SUBRESOURCE_TYPE = /^(?:application\/javascript|text\/javascript|text\/css|image\/(?:webp|avif|png|jpeg|gif)|font\/)/
/** The storefront's service worker (ADR 032). */
const SERVICE_WORKER_PATH = '/sw.js'
/** Headers that only a document (or a worker: the CSP) obeys. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]

async function security(app: FastifyInstance, opts: { firebaseEmulatorHost?: string | undefined; firebaseProjectId: string }) {
  const emulator = opts.firebaseEmulatorHost ? [`http://${opts.firebaseEmulatorHost}`] : []
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://apis.google.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', 'https://*.tile.openstreetmap.org'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
          ...emulator,
        ],
        frameSrc: ["'self'", `https://${opts.firebaseProjectId}.firebaseapp.com`, ...emulator],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The Google sign-in popup must be able to talk back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  })
  // The headers never vary by request: computed once, then copied onto every reply
  // (@fastify/helmet rebuilds the whole policy on each request).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
  // Scripts, stylesheets, raster images and fonts are never documents: the policies only a
  // page obeys would be bytes for nothing on each of them, and a first visit on 3G fetches
  // two dozen (about 1 KB each). They keep what protects a subresource: nosniff, the
  // resource policy, the referrer policy (a stylesheet's own fetches) and HSTS.
  // A service worker's script is the exception: the worker obeys the CSP of its own response
  // (what it may fetch and import), and without one it runs unbounded by the shop's policy.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type')
    if (typeof type === 'string' && SUBRESOURCE_TYPE.test(type)) {
      const worker = request.headers['service-worker'] === 'script' || request.url.split('?')[0] === SERVICE_WORKER_PATH
      for (const name of DOCUMENT_ONLY_HEADERS) if (!(worker && name === 'content-security-policy')) reply.removeHeader(name)
    }
    done(null, payload)
  })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, 'TOO_MANY_REQUESTS', MESSAGES.tooManyRequests),
  })
}

export default fp(security, { name: 'security' })
