// The orders list's filters on a phone: a panel from the bottom of the screen, closed to see
// the filtered orders.
import type { ReactNode } from 'react'
import { Button, Form, Offcanvas, Row } from 'react-bootstrap'

export default function FiltersPanel({ onHide, children }: { onHide: () => void; children: ReactNode }) {
  return (
    <Offcanvas id="filtres-commandes" show onHide={onHide} placement="bottom" className="h-auto" aria-labelledby="filtres-commandes-titre">
      <Offcanvas.Header closeButton closeLabel="Fermer">
        <Offcanvas.Title id="filtres-commandes-titre" as="h2" className="h5">
          Filtres
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <Form aria-label="Filtres des commandes" onSubmit={(e) => e.preventDefault()}>
          <Row className="g-2">{children}</Row>
        </Form>
        <Button className="w-100 mt-3" onClick={onHide}>
          Voir les commandes
        </Button>
      </Offcanvas.Body>
    </Offcanvas>
  )
}
