// A list's filter row: the search box first (kept in the URL as `q`), then the list's own
// filters, each in its column.
import { useState, type ReactNode } from 'react'
import { Col, Form, Row } from 'react-bootstrap'

export interface SearchBoxProps {
  /** The accessible name, e.g. « Rechercher (désignation, code) ». */
  label: string
  placeholder: string
  value: string | null
  onChange: (value: string) => void
  className?: string
}

/**
 * A list's text filter kept in the URL (the search box, a zone). What is typed shows at once:
 * the URL follows in the router's transition, and a box bound to it alone would lose the
 * letters typed meanwhile. The box takes the URL's value again when it changes otherwise
 * (« Effacer les filtres », "back"), not when a value it sent itself arrives late.
 */
export function SearchBox({ label, placeholder, value, onChange, className }: SearchBoxProps) {
  const addressed = value ?? ''
  const [text, setText] = useState(addressed)
  const [seen, setSeen] = useState({ addressed, sent: [] as string[] })
  if (seen.addressed !== addressed) {
    const ours = addressed === text || seen.sent.includes(addressed)
    setSeen({ addressed, sent: addressed === text || !ours ? [] : seen.sent })
    if (!ours) setText(addressed)
  }
  return (
    <Form.Control
      className={className}
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => {
        const next = e.target.value
        setText(next)
        setSeen((was) => ({ ...was, sent: [...was.sent, next].slice(-50) }))
        onChange(next)
      }}
    />
  )
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
