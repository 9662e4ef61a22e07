// The staff module (issue 10): who am I for the back office, and the staff list for admins.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { createStaffRepository } from './staff.repository.ts'
import staffRoutes from './staff.routes.ts'

async function staff(app: FastifyInstance) {
  await registerRest(app, staffRoutes, { repo: createStaffRepository(app.db) })
}

export default fp(staff, { name: 'staff', dependencies: ['database', 'authentication'] })
