// The settings module (issue 10): zones, depots, payment modes, slideshow, preferences and
// loyalty tiers, for admins only: routes → service → repository.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { registerRest } from '../../lib/rest.ts'
import settingsRoutes from './settings.routes.ts'
import { createSettingsService, type MissingKeys } from './settings.service.ts'

/** The keys the checklist asks for: a payment provider in its sandbox, SMS in the sandbox or off. */
export function missingKeys(config: Pick<Config, 'payments' | 'messages'>): MissingKeys {
  const missing: MissingKeys = []
  if (config.payments.wave.sandbox) missing.push('WAVE')
  if (config.payments.paytech.sandbox) missing.push('PAYTECH')
  if (!config.messages.sms || config.messages.sms.sandbox) missing.push('SMS')
  return missing
}

async function settings(app: FastifyInstance, opts: { config: Pick<Config, 'payments' | 'messages'> }) {
  const service = createSettingsService({ db: app.db, audit: app.audit, clearCaches: () => app.catalogueCaches?.clear(), missingKeys: missingKeys(opts.config),
    // The delivery module keeps a depot's pickup windows in step with its hours (ADR 058).
    depotSaved: (tx, depot) => (app.hasDecorator('depotPickupWindows') ? app.depotPickupWindows(tx, depot) : Promise.resolve()),
  })
  await registerRest(app, settingsRoutes, { service })
}

export default fp(settings, { name: 'settings', dependencies: ['database', 'authentication', 'audit'] })
