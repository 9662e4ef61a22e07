// Runtime configuration of DESIGN §2, read once from the environment and validated:
// a bad value stops the process at boot with one line naming the variable.
import path from 'node:path'
import { z } from 'zod'

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  FIREBASE_PROJECT_ID: z.string().regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id').default('demo-teranga'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d{2,5}$/, 'must be host:port')
    .default('127.0.0.1:9099'),
  FIREBASE_API_KEY: z.string().regex(/^[\w-]{10,100}$/, 'must be a Firebase web API key').optional(),
  FIREBASE_AUTH_DOMAIN: z.string().regex(/^[\w.-]+$/, 'must be a host name').optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  firebaseProjectId: string
  /** Set in demo mode (a `demo-` project id): tokens are checked against the Auth Emulator. */
  firebaseEmulatorHost: string | undefined
  /** What the browser's Firebase SDK needs; a demo project needs no real key. */
  firebaseWeb: { apiKey: string; authDomain: string }
  publicUrl: string
  logLevel: string
  trustProxy: boolean
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
  const parsed = schema.safeParse(blankless)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`)
  }
  const c = parsed.data
  const demo = c.FIREBASE_PROJECT_ID.startsWith('demo-')
  if (!demo && !c.FIREBASE_API_KEY) {
    throw new ConfigError('Invalid configuration: FIREBASE_API_KEY is required when FIREBASE_PROJECT_ID is not a demo- project')
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    firebaseProjectId: c.FIREBASE_PROJECT_ID,
    firebaseEmulatorHost: demo ? c.FIREBASE_AUTH_EMULATOR_HOST : undefined,
    firebaseWeb: {
      apiKey: c.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: c.FIREBASE_AUTH_DOMAIN ?? `${c.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    },
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
  }
}
