// Whose private data a request may read: always the token's client; another client's id is
// refused unless the caller is an admin (DESIGN §4). Used by GraphQL and REST alike.
import { MESSAGES } from '@teranga/shared/server-messages'
import { forbidden, unauthenticated } from './errors.ts'

export interface Viewer {
  id: number
  isadmin: boolean
}

export function subjectFor(viewer: Viewer | null, requested: number | null | undefined): number {
  if (!viewer) throw unauthenticated()
  if (requested != null && requested !== viewer.id && !viewer.isadmin) throw forbidden(MESSAGES.forbiddenOtherUser)
  return requested ?? viewer.id
}
