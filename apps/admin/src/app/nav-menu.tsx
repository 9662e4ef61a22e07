// The phone's menu, an offcanvas loaded on demand: its transitions are not part of the first
// screen's script.
import { Offcanvas } from 'react-bootstrap'
import type { StaffMember } from '@teranga/shared/backoffice-staff'
import { Links } from './nav-links.tsx'

export default function NavMenu({ staff, show, onHide }: { staff: StaffMember; show: boolean; onHide: () => void }) {
  return (
    <Offcanvas id="admin-nav" show={show} onHide={onHide} placement="start" aria-labelledby="admin-nav-title">
      <Offcanvas.Header closeButton closeLabel="Fermer">
        <Offcanvas.Title id="admin-nav-title">Menu</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <nav aria-label="Navigation principale">
          <Links staff={staff} onNavigate={onHide} />
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  )
}
