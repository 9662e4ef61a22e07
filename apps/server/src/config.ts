// Runtime configuration of DESIGN §2, read once from the environment and validated:
// a bad value stops the process at boot with one line naming the variable.
import { randomBytes } from 'node:crypto'
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
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0.5).max(300).default(5),
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
  WAVE_API_KEY: z.string().regex(/^\S{8,400}$/, 'must be a Wave API key').optional(),
  WAVE_WEBHOOK_SECRET: z.string().regex(/^\S{8,400}$/, 'must be a Wave webhook secret').optional(),
  WAVE_API_URL: z.url().optional(),
  PAYTECH_API_KEY: z.string().regex(/^\S{8,400}$/, 'must be a PayTech API key').optional(),
  PAYTECH_API_SECRET: z.string().regex(/^\S{8,400}$/, 'must be a PayTech API secret').optional(),
  PAYTECH_API_URL: z.url().optional(),
  PAYMENTS_SANDBOX: z.stringbool().optional(),
  ORANGE_SMS_CLIENT_ID: z.string().regex(/^\S{8,400}$/, 'must be an Orange API client id').optional(),
  ORANGE_SMS_CLIENT_SECRET: z.string().regex(/^\S{8,400}$/, 'must be an Orange API client secret').optional(),
  ORANGE_SMS_SENDER: z.string().regex(/^\+?\d{4,15}$/, 'must be the sender number, e.g. +221770000000').optional(),
  ORANGE_SMS_API_URL: z.url().optional(),
  WHATSAPP_TOKEN: z.string().regex(/^\S{16,1000}$/, 'must be a WhatsApp Cloud API access token').optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,30}$/, 'must be the WhatsApp phone number id (digits)').optional(),
  WHATSAPP_TEMPLATE: z.string().regex(/^[a-z0-9_]{1,512}$/, 'must be an approved template name (lowercase, digits, _)').optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a template language code, e.g. fr').default('fr'),
  WHATSAPP_API_URL: z.url().optional(),
  MESSAGES_SANDBOX: z.stringbool().optional(),
  TRACKING_LINK_SECRET: z.string().regex(/^\S{32,400}$/, 'must be at least 32 characters, without spaces').optional(),
  METRICS_TOKEN: z.string().regex(/^\S{16,400}$/, 'must be at least 16 characters, without spaces').optional(),
  // Rotations without a gap (docs/keys-and-secrets.md, ADR 067): the old value, still accepted, never issued.
  METRICS_TOKEN_PREVIOUS: z.string().regex(/^\S{16,400}$/, 'must be at least 16 characters, without spaces').optional(),
  TRACKING_LINK_SECRET_PREVIOUS: z.string().regex(/^\S{32,400}$/, 'must be at least 32 characters, without spaces').optional(),
  NODE_ENV: z.string().optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
})

/** One payment provider's settings; `sandbox` means the server's own stand-in (DESIGN §6). */
export interface ProviderConfig {
  sandbox: boolean
  apiUrl: string
  apiKey: string
  /** Wave: the webhook signing secret; PayTech: the API secret (it also signs the IPN). */
  secret: string
}

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /**
   * DATABASE_REPLICA_URL: a streaming replica the anonymous catalogue reads go to while it is
   * less than `maxLagSeconds` behind (ADR 064); undefined without one.
   */
  replica: { url: string; maxLagSeconds: number } | undefined
  firebaseProjectId: string
  /** Set in demo mode (a `demo-` project id): tokens are checked against the Auth Emulator. */
  firebaseEmulatorHost: string | undefined
  /** What the browser's Firebase SDK needs; a demo project needs no real key. */
  firebaseWeb: { apiKey: string; authDomain: string }
  publicUrl: string
  logLevel: string
  trustProxy: boolean
  /**
   * GraphQL introspection: only when NODE_ENV is
   * `development` or `test` (ADR 014); a shop started any other way keeps its schema to itself.
   */
  graphqlIntrospection: boolean
  /** NODE_ENV=production (`npm run serve`): the demo's conveniences are refused at boot. */
  production: boolean
  /** How long requests in flight may take to finish once the shop is told to stop (main.ts). */
  shutdownGraceMs: number
  /**
   * On SIGTERM, how long the shop keeps serving with /ready at 503 before it closes its port:
   * longer than the proxy takes to notice (deploy/Caddyfile: a check every 2 s, 2 s timeout).
   */
  shutdownDrainMs: number
  /** Connections of the pool to DATABASE_URL; the notification listener opens one more (PgBouncer's sizes, docs/deploy.md). */
  databasePoolSize: number
  payments: { wave: ProviderConfig; paytech: ProviderConfig }
  /** The bearer token GET /metrics asks for; unset, the route answers 404 (ADR 029). */
  metricsToken: string | undefined
  /** During a rotation, the token scrapers may still send (METRICS_TOKEN_PREVIOUS). */
  metricsTokenPrevious: string | undefined
  /** Order messages (ADR 034): each channel's provider, or null when it is off. */
  messages: MessagesConfig
}

/** The Orange SMS API (Sonatel): OAuth2 client credentials, then outbound SMS from `sender`. */
export interface OrangeSmsConfig {
  sandbox: boolean
  apiUrl: string
  clientId: string
  clientSecret: string
  /** The sender's number, digits only, as the API's path names it (`tel:+<sender>`). */
  sender: string
}

/** The WhatsApp Business Cloud API: template messages from one business phone number. */
export interface WhatsappConfig {
  sandbox: boolean
  /** Up to the API version, e.g. `https://graph.facebook.com/v21.0`. */
  apiUrl: string
  token: string
  phoneNumberId: string
  template: string
  language: string
}

export interface MessagesConfig {
  sms: OrangeSmsConfig | null
  whatsapp: WhatsappConfig | null
  /** Signs the tracking links; unset, a key drawn once and kept in the database. */
  trackingSecret: string | undefined
  /** During a rotation, the key of links already sent, still accepted, never used for new ones. */
  trackingSecretPrevious: string | undefined
}

export class ConfigError extends Error {}

/** Where the shop listens, as a browser on this machine opens it (the address printed at boot). */
export function listenUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return `http://${shown}:${port}`
}

/**
 * The boot's one line when PUBLIC_URL names another origin than where the shop listens:
 * normal behind a proxy, but a shopper who opened the printed address would come back from
 * paying to another origin, signed out and with an empty cart.
 */
export function publicUrlNotice(publicUrl: string, listening: string): string | undefined {
  if (new URL(publicUrl).origin === new URL(listening).origin) return undefined
  return `PUBLIC_URL (${publicUrl}) n'est pas l'adresse où la boutique écoute (${listening}) : les clients doivent ouvrir la boutique à PUBLIC_URL, sinon ils reviennent du paiement sur une autre origine, déconnectés et le panier vide`
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
  const parsed = schema.safeParse(blankless)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`)
  }
  const c = parsed.data
  // By default the address the shop prints at boot: a payment return to another origin
  // (localhost vs 127.0.0.1) would land the shopper signed out with an empty cart.
  const publicUrl = (c.PUBLIC_URL ?? listenUrl(c.HOST, c.PORT)).replace(/\/$/, '')
  const demo = c.FIREBASE_PROJECT_ID.startsWith('demo-')
  const production = c.NODE_ENV === 'production'
  // The embedded server has no replica: a replica of another server would be read beside it.
  if (c.DATABASE_REPLICA_URL && !c.DATABASE_URL) throw new ConfigError('Invalid configuration: DATABASE_URL is required when DATABASE_REPLICA_URL is set (a replica of the embedded server is not supported)')
  if (production) refuseDemoIdentity(c.FIREBASE_PROJECT_ID, demo, blankless.FIREBASE_AUTH_EMULATOR_HOST)
  if (!demo && !c.FIREBASE_API_KEY) {
    throw new ConfigError('Invalid configuration: FIREBASE_API_KEY is required when FIREBASE_PROJECT_ID is not a demo- project')
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    replica: c.DATABASE_REPLICA_URL ? { url: c.DATABASE_REPLICA_URL, maxLagSeconds: c.DATABASE_REPLICA_MAX_LAG_SECONDS } : undefined,
    firebaseProjectId: c.FIREBASE_PROJECT_ID,
    firebaseEmulatorHost: demo ? c.FIREBASE_AUTH_EMULATOR_HOST : undefined,
    firebaseWeb: {
      apiKey: c.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: c.FIREBASE_AUTH_DOMAIN ?? `${c.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    },
    publicUrl,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    graphqlIntrospection: c.NODE_ENV === 'development' || c.NODE_ENV === 'test',
    production,
    shutdownGraceMs: c.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDrainMs: c.SHUTDOWN_DRAIN_SECONDS * 1000,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    payments: sandboxAllowed(demo, production, c.PAYMENTS_SANDBOX, {
      wave: provider('WAVE', c.WAVE_API_KEY, c.WAVE_WEBHOOK_SECRET, 'WAVE_WEBHOOK_SECRET', c.WAVE_API_URL, 'https://api.wave.com', `${publicUrl}/sandbox/wave`),
      paytech: provider('PAYTECH', c.PAYTECH_API_KEY, c.PAYTECH_API_SECRET, 'PAYTECH_API_SECRET', c.PAYTECH_API_URL, 'https://paytech.sn/api', `${publicUrl}/sandbox/paytech`),
    }),
    metricsToken: c.METRICS_TOKEN,
    metricsTokenPrevious: previousOf('METRICS_TOKEN', c.METRICS_TOKEN, c.METRICS_TOKEN_PREVIOUS),
    messages: messagesConfig(c, production, publicUrl),
  }
}

/**
 * Order messages (ADR 034): a provider's variables all set, or none. None: the built-in
 * sandbox, except in production, where the channel is off (the sandbox's page would show
 * customers' numbers to anyone) unless MESSAGES_SANDBOX=true says a staging shop means it;
 * MESSAGES_SANDBOX=false turns channels without keys off anywhere. Messages are not money nor
 * identity: a shop may open before its SMS contract, so missing keys do not stop the boot.
 */
function messagesConfig(c: z.infer<typeof schema>, production: boolean, publicUrl: string): MessagesConfig {
  const sandboxOn = c.MESSAGES_SANDBOX ?? !production
  const allOrNone = (name: string, vars: Record<string, string | undefined>, optional: Record<string, string | undefined>) => {
    const set = Object.keys(vars).filter((k) => vars[k] !== undefined)
    if (set.length > 0 && set.length < Object.keys(vars).length) {
      const missing = Object.keys(vars).find((k) => vars[k] === undefined)!
      throw new ConfigError(`Invalid configuration: ${missing} is required when ${set[0]} is set (${name}: set all of ${Object.keys(vars).join(', ')}, or none)`)
    }
    const stray = Object.keys(optional).find((k) => optional[k] !== undefined)
    if (set.length === 0 && stray) throw new ConfigError(`Invalid configuration: ${Object.keys(vars)[0]} is required when ${stray} is set`)
    return set.length > 0
  }
  const orange = allOrNone(
    'Orange SMS',
    { ORANGE_SMS_CLIENT_ID: c.ORANGE_SMS_CLIENT_ID, ORANGE_SMS_CLIENT_SECRET: c.ORANGE_SMS_CLIENT_SECRET, ORANGE_SMS_SENDER: c.ORANGE_SMS_SENDER },
    { ORANGE_SMS_API_URL: c.ORANGE_SMS_API_URL },
  )
  const whatsapp = allOrNone(
    'WhatsApp',
    { WHATSAPP_TOKEN: c.WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID: c.WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TEMPLATE: c.WHATSAPP_TEMPLATE },
    { WHATSAPP_API_URL: c.WHATSAPP_API_URL },
  )
  const drawn = (prefix: string) => `${prefix}_${randomBytes(24).toString('hex')}`
  return {
    sms: orange
      ? {
          sandbox: false,
          apiUrl: (c.ORANGE_SMS_API_URL ?? 'https://api.orange.com').replace(/\/$/, ''),
          clientId: c.ORANGE_SMS_CLIENT_ID!,
          clientSecret: c.ORANGE_SMS_CLIENT_SECRET!,
          sender: c.ORANGE_SMS_SENDER!.replace(/^\+/, ''),
        }
      : sandboxOn
        ? { sandbox: true, apiUrl: `${publicUrl}/sandbox/orange`, clientId: drawn('orange_sandbox'), clientSecret: drawn('orange_sandbox_secret'), sender: '221770000000' }
        : null,
    whatsapp: whatsapp
      ? {
          sandbox: false,
          apiUrl: (c.WHATSAPP_API_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/$/, ''),
          token: c.WHATSAPP_TOKEN!,
          phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID!,
          template: c.WHATSAPP_TEMPLATE!,
          language: c.WHATSAPP_TEMPLATE_LANGUAGE,
        }
      : sandboxOn
        ? { sandbox: true, apiUrl: `${publicUrl}/sandbox/whatsapp/v21.0`, token: drawn('whatsapp_sandbox'), phoneNumberId: '100000000000001', template: 'suivi_commande', language: c.WHATSAPP_TEMPLATE_LANGUAGE }
        : null,
    trackingSecret: c.TRACKING_LINK_SECRET,
    trackingSecretPrevious: previousOf('TRACKING_LINK_SECRET', c.TRACKING_LINK_SECRET, c.TRACKING_LINK_SECRET_PREVIOUS),
  }
}

/** A rotation's old value: only beside a new one, and not the same. */
function previousOf(name: string, current: string | undefined, previous: string | undefined): string | undefined {
  if (previous === undefined) return undefined
  if (current === undefined) throw new ConfigError(`Invalid configuration: ${name}_PREVIOUS is set without ${name} (the new value)`)
  if (previous === current) throw new ConfigError(`Invalid configuration: ${name}_PREVIOUS is the same as ${name}`)
  return previous
}

/**
 * In production (`npm run serve`) the demo identity project lets anyone sign in as anyone
 * through the Auth Emulator, and the Admin SDK trusts the emulator's unsigned tokens whenever
 * FIREBASE_AUTH_EMULATOR_HOST is in its environment: both stop the boot, in French for the
 * person deploying.
 */
function refuseDemoIdentity(projectId: string, demo: boolean, emulatorHost: string | undefined) {
  if (demo) {
    throw new ConfigError(
      `Démarrage refusé : FIREBASE_PROJECT_ID=${projectId} est un projet de démonstration, où chacun peut se connecter sous n'importe quel compte ; en production, donnez le projet Firebase de la boutique et sa FIREBASE_API_KEY.`,
    )
  }
  if (emulatorHost) {
    throw new ConfigError(
      "Démarrage refusé : FIREBASE_AUTH_EMULATOR_HOST est défini, et Firebase accepterait alors des jetons d'émulateur sans signature ; en production, retirez cette variable.",
    )
  }
}

/**
 * The sandbox lets anyone approve their own payment: fine on the demo project (local runs,
 * tests), refused with a real Firebase project, and always in production, unless
 * PAYMENTS_SANDBOX=true says it is meant (a staging shop), so that a deploy missing its keys
 * does not boot.
 */
function sandboxAllowed(demo: boolean, production: boolean, allowed: boolean | undefined, payments: Config['payments']): Config['payments'] {
  const missing = payments.wave.sandbox ? 'WAVE_API_KEY' : payments.paytech.sandbox ? 'PAYTECH_API_KEY' : null
  if (missing && allowed === false) throw new ConfigError(`Invalid configuration: ${missing} is required when PAYMENTS_SANDBOX=false`)
  if (missing && production && allowed !== true) {
    throw new ConfigError(
      `Démarrage refusé : sans ${missing}, les paiements passeraient par le bac à sable, où chacun valide son propre paiement ; en production, donnez les clés de Wave et de PayTech, ou PAYMENTS_SANDBOX=true pour une boutique de démonstration assumée.`,
    )
  }
  if (missing && !demo && allowed !== true) {
    throw new ConfigError(
      `Invalid configuration: ${missing} is required when FIREBASE_PROJECT_ID is not a demo- project (or set PAYMENTS_SANDBOX=true to run the payment sandbox on purpose)`,
    )
  }
  return payments
}

/**
 * Real keys, or none at all: then the built-in sandbox, with secrets drawn at each start so
 * that nobody outside can sign a notification; the first instance's draw is kept in the database
 * and used by every instance (ADR 066). A key without its secret (or
 * a URL without a key) is a half-done configuration and stops the boot.
 */
function provider(
  name: string,
  apiKey: string | undefined,
  secret: string | undefined,
  secretVariable: string,
  apiUrl: string | undefined,
  productionUrl: string,
  sandboxUrl: string,
): ProviderConfig {
  if (apiKey) {
    if (!secret) throw new ConfigError(`Invalid configuration: ${secretVariable} is required when ${name}_API_KEY is set`)
    return { sandbox: false, apiUrl: (apiUrl ?? productionUrl).replace(/\/$/, ''), apiKey, secret }
  }
  if (secret || apiUrl) {
    throw new ConfigError(`Invalid configuration: ${name}_API_KEY is required when ${secret ? secretVariable : `${name}_API_URL`} is set`)
  }
  return {
    sandbox: true,
    apiUrl: sandboxUrl,
    apiKey: `${name.toLowerCase()}_sandbox_${randomBytes(16).toString('hex')}`,
    secret: `${name.toLowerCase()}_sandbox_secret_${randomBytes(24).toString('hex')}`,
  }
}
