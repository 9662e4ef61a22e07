// Every instance LISTENs on `teranga_catalogue` (ADR 018): a catalogue write anywhere NOTIFYs
// at commit, and each instance then empties its anonymous catalogue caches. One dedicated
// connection outside the pool, opened again after an error, closed with the app.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import pg from 'pg'
import { CATALOGUE_CHANNEL } from '../lib/catalogue-changes.ts'

export interface CatalogueListenerOptions {
  /** Wait before connecting again after an error. */
  retryMs?: number
}

async function catalogueListener(app: FastifyInstance, opts: CatalogueListenerOptions) {
  const retryMs = opts.retryMs ?? 2000
  let client: pg.Client | null = null
  let closing = false
  let retry: NodeJS.Timeout | null = null

  const schedule = () => {
    if (closing || retry) return
    retry = setTimeout(() => {
      retry = null
      void connect()
    }, retryMs)
    retry.unref()
  }

  async function connect() {
    if (closing) return
    const next = new pg.Client({ connectionString: app.database.url })
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) app.catalogueCaches.clear()
    })
    let lost = false
    const onLost = (err?: Error) => {
      if (closing || lost || client !== next) return
      lost = true
      app.log.warn({ err }, 'catalogue listener lost its connection; reconnecting')
      client = null
      next.end().catch(() => {})
      // Whatever changed meanwhile was missed: start clean.
      app.catalogueCaches.clear()
      schedule()
    }
    next.on('error', onLost)
    next.on('end', () => onLost())
    try {
      await next.connect()
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`)
      if (closing) {
        await next.end().catch(() => {})
        return
      }
      client = next
    } catch (err) {
      next.end().catch(() => {})
      if (!closing) {
        app.log.warn({ err }, 'catalogue listener could not connect; retrying')
        schedule()
      }
    }
  }

  await connect()
  app.addHook('onClose', async () => {
    closing = true
    if (retry) clearTimeout(retry)
    const open = client
    client = null
    await open?.end().catch(() => {})
  })
}

export default fp(catalogueListener, { name: 'catalogue-listener', dependencies: ['database'] })
