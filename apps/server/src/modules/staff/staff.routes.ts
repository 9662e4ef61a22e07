// GET /api/admin/moi (both staff roles): who the back office is talking to.
// GET /api/staff (admins): the staff members and their roles.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { STAFF_ROLES } from '@teranga/shared/constants'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import type { StaffRepository } from './staff.repository.ts'

const staffSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  prenom: z.string().nullable(),
  name: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
})

export default async function staffRoutes(app: FastifyInstance, opts: { repo: StaffRepository }) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/admin/moi', { schema: { response: { 200: staffSchema, ...errorResponses } } }, async (request) => {
    const me = requireStaff(request, 'gestionnaire')
    const row = await opts.repo.findById(me.id)
    return { id: me.id, email: row?.email ?? null, prenom: row?.prenom ?? null, name: row?.name ?? null, role: me.role }
  })

  api.get('/staff', { schema: { response: { 200: z.array(staffSchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'admin')
    const rows = await opts.repo.list()
    return rows.map((r) => ({ ...r, role: r.role as (typeof STAFF_ROLES)[number] }))
  })
}
