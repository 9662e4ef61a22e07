// A list's filter row: the search box first (kept in the URL as `q`), then the list's own
// filters, each in its column.
import type { ReactNode } from 'react'
import { Col, Form, Row } from 'react-bootstrap'

export interface SearchBoxProps {
  /** The accessible name, e.g. « Rechercher (désignation, code) ». */
  label: string
  placeholder: string
  value: string | null
  onChange: (value: string) => void
  className?: string
}

/** The search box of a list: uncontrolled, so that typing is not slowed by the URL's round trip. */
export function SearchBox({ label, placeholder, value, onChange, className }: SearchBoxProps) {
  return <Form.Control className={className} aria-label={label} placeholder={placeholder} defaultValue={value ?? ''} onChange={(e) => onChange(e.target.value)} />
}

/** A `role="search"` form that never submits: the search box then `children` (each a `<Col>`). */
export function ListFilters({ label, search, children, className = 'mb-3' }: { label: string; search?: SearchBoxProps; children?: ReactNode; className?: string }) {
  return (
    <Form role="search" aria-label={label} className={className} onSubmit={(e) => e.preventDefault()}>
      <Row className="g-2">
        {search && (
          <Col xs={12} md={children ? 4 : 6}>
            <SearchBox {...search} />
          </Col>
        )}
        {children}
      </Row>
    </Form>
  )
}
