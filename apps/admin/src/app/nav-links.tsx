// The back-office's sections as links, for the side nav and the phone's menu.
import { NavLink } from 'react-router'
import type { StaffMember } from '@teranga/shared/backoffice-staff'
import { navFor } from './nav.ts'

export function Links({ staff, onNavigate }: { staff: StaffMember; onNavigate?: () => void }) {
  return (
    <ul className="nav nav-pills flex-column gap-1">
      {navFor(staff.role).map((item) => (
        <li key={item.to} className="nav-item">
          <NavLink to={item.to} end={item.to === '/'} className="nav-link" onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}
