// The staff module (issues 10 and 16): who am I for the back office; for admins, the staff,
// their roles and the invitations that bring new members in.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { createStaffRepository } from './staff.repository.ts'
import staffRoutes from './staff.routes.ts'
import { createStaffService } from './staff.service.ts'

async function staff(app: FastifyInstance, opts: { publicUrl?: string }) {
  const service = createStaffService({
    db: app.db,
    audit: app.audit,
    tokenOwners: app.tokenOwners,
    publicUrl: opts.publicUrl ?? '',
    // Invitations by phone go out through the messages' outbox (issue 25 §3).
    sendInvitation: (tx, invitation) => app.orderMessages.invite(tx, invitation),
  })
  await registerRest(app, staffRoutes, { repo: createStaffRepository(app.db), service })
}

export default fp(staff, { name: 'staff', dependencies: ['database', 'authentication', 'audit', 'messages'] })
