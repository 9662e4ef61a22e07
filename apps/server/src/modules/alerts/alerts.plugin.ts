// The alerts module (issue 26 §4, ADR 062): the owner's alerts to the staff numbers — stock
// crossing its threshold, the daily summary, unpaid orders about to expire, payments failed
// twice — swept every minute by every instance (each alert is a unique row, so once in all),
// sent through the messages module's outbox; and the « Alertes » settings' routes.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import alertsRoutes from './alerts.routes.ts'
import { createAlertsService, type AlertsService } from './alerts.service.ts'

/** The module's service for callers outside the app (the tests sweep with their own clock), as `messaging` is. */
export interface Alerting {
  service?: AlertsService
}

declare module 'fastify' {
  interface FastifyInstance {
    alerting: Alerting
  }
}

export interface AlertsOptions {
  publicUrl: string
  /** How often the alerts are swept (1 min); 0 turns the sweep off (tests drive it with their clock). */
  everyMs?: number | undefined
}

const HOUR_MS = 60 * 60 * 1000

async function alerts(app: FastifyInstance, opts: AlertsOptions) {
  const service = createAlertsService({ db: app.db, audit: app.audit, messages: app.orderMessages, publicUrl: opts.publicUrl })
  app.alerting.service = service

  // Like the expiry sweep: one run at a time per instance, finished before the database closes.
  if (opts.everyMs !== 0) {
    let running: Promise<void> | undefined
    let purgedAt = 0
    const sweep = setInterval(() => {
      running ??= service
        .sweep()
        .then(async () => {
          if (Date.now() - purgedAt < HOUR_MS) return
          purgedAt = Date.now()
          await service.purge()
        })
        .catch((err: unknown) => app.log.error({ err }, 'sweeping the owner alerts failed'))
        .finally(() => {
          running = undefined
        })
    }, opts.everyMs ?? 60_000)
    sweep.unref()
    app.addHook('onClose', async () => {
      clearInterval(sweep)
      await running
    })
  }

  await registerRest(app, alertsRoutes, { service })
}

export default fp(alerts, { name: 'alerts', dependencies: ['database', 'authentication', 'audit', 'messages'] })
