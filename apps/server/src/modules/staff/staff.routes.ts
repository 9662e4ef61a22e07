// GET /api/admin/moi (every staff role, a courier too): who the back office is talking to.
// Admins only: GET /api/staff, PUT|DELETE /api/staff/{id} (the role changes, or goes with every
// session), GET|POST /api/invitation and DELETE /api/invitation/{id}.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { invitationResponseSchema, invitationSchema, staffMemberSchema, staffRoleSchema } from '@teranga/shared/backoffice-staff'
import { STAFF_ROLES } from '@teranga/shared/constants'
import { idSchema } from '@teranga/shared/schemas'
import { errorResponses } from '../../lib/rest.ts'
import { requireAnyStaff, requireStaff } from '../../plugins/authentication.ts'
import type { StaffRepository } from './staff.repository.ts'
import type { StaffService } from './staff.service.ts'

const idParams = z.object({ id: idSchema })

export default async function staffRoutes(app: FastifyInstance, opts: { repo: StaffRepository; service: StaffService }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { repo, service } = opts

  api.get('/admin/moi', { config: { livreur: true }, schema: { response: { 200: staffMemberSchema, ...errorResponses } } }, async (request) => {
    const me = requireAnyStaff(request)
    const row = await repo.findById(me.id)
    return { id: me.id, email: row?.email ?? null, prenom: row?.prenom ?? null, name: row?.name ?? null, role: me.role }
  })

  api.get('/staff', { schema: { response: { 200: z.array(staffMemberSchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'admin')
    const rows = await repo.list()
    return rows.map((r) => ({ ...r, role: r.role as (typeof STAFF_ROLES)[number] }))
  })

  api.put('/staff/:id', { schema: { params: idParams, body: staffRoleSchema, response: { 200: staffMemberSchema, ...errorResponses } } }, async (request) => {
    const me = requireStaff(request, 'admin')
    return service.changeRole(me.id, request.params.id, request.body)
  })

  api.delete('/staff/:id', { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    const me = requireStaff(request, 'admin')
    await service.remove(me.id, request.params.id)
    return reply.code(204).send(null)
  })

  api.get('/invitation', { schema: { response: { 200: z.array(invitationResponseSchema), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'admin')
    return service.invitations()
  })

  api.post('/invitation', { schema: { body: invitationSchema, response: { 201: invitationResponseSchema, ...errorResponses } } }, async (request, reply) => {
    const me = requireStaff(request, 'admin')
    return reply.code(201).send(await service.invite(me.id, request.body))
  })

  api.delete('/invitation/:id', { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    const me = requireStaff(request, 'admin')
    await service.deleteInvitation(me.id, request.params.id)
    return reply.code(204).send(null)
  })
}
