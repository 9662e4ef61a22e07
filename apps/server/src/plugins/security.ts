// Security headers with a CSP the storefront lives with (Firebase sign-in, map tiles,
// Google profile photos), and the rate limiter that individual routes opt into.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import { MESSAGES } from '@teranga/shared/messages'
import { AppError } from '../lib/errors.ts'

async function security(app: FastifyInstance, opts: { firebaseEmulatorHost?: string | undefined; firebaseProjectId: string }) {
  const emulator = opts.firebaseEmulatorHost ? [`http://${opts.firebaseEmulatorHost}`] : []
  await app.register(helmet, {
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
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, 'TOO_MANY_REQUESTS', MESSAGES.tooManyRequests),
  })
}

export default fp(security, { name: 'security' })
