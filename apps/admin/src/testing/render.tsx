// Renders the whole back-office at a URL, signed in (a stored token) unless told otherwise.
import { render } from '@testing-library/react'
import axe from 'axe-core'
import { App, createQueryClient } from '../app/app.tsx'
import { tokenStorage } from '../lib/api.ts'
import { resetRequests, state } from './server.ts'
import type { StaffMember } from '@teranga/shared/backoffice-staff'

export function renderAdmin(url = '/', { signedIn = true, me }: { signedIn?: boolean; me?: StaffMember | 'customer' } = {}) {
  resetRequests()
  if (me) state.me = me
  if (signedIn) tokenStorage.set('api-token')
  return render(<App client={createQueryClient()} initialUrl={url} />)
}

/** Serious and critical axe violations of the page as rendered (colour contrast needs real CSS). */
export async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
}
