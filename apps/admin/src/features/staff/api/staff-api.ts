// The staff and their invitations (GET|PUT|DELETE /api/staff, GET|POST|DELETE /api/invitation):
// fetchers, query options and hooks; every write refreshes both lists.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Invitation, InvitationInput, StaffMember, StaffRoleInput } from '@teranga/shared/backoffice-staff'
import { api } from '../../../lib/api.ts'

export const getStaff = () => api<StaffMember[]>('GET', '/staff')
export const getInvitations = () => api<Invitation[]>('GET', '/invitation')

export const staffQueryOptions = () => queryOptions({ queryKey: ['staff'], queryFn: getStaff })
export const invitationsQueryOptions = () => queryOptions({ queryKey: ['invitations'], queryFn: getInvitations })

export const useStaff = () => useQuery(staffQueryOptions())
export const useInvitations = () => useQuery(invitationsQueryOptions())

function useStaffWrite<T, R>(write: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['staff'] }), client.invalidateQueries({ queryKey: ['invitations'] })]),
  })
}

export const useInvite = () => useStaffWrite((input: InvitationInput) => api<Invitation>('POST', '/invitation', input))
export const useDeleteInvitation = () => useStaffWrite((id: number) => api<void>('DELETE', `/invitation/${id}`))
export const useChangeRole = () => useStaffWrite(({ id, role }: StaffRoleInput & { id: number }) => api<StaffMember>('PUT', `/staff/${id}`, { role }))
export const useRemoveMember = () => useStaffWrite((id: number) => api<void>('DELETE', `/staff/${id}`))
