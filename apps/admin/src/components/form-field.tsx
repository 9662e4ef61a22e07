// A form's field: its label, its input (or select), and its error under it, tied by the id.
import type { ComponentProps, ReactNode } from 'react'
import { Col, Form } from 'react-bootstrap'

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'id' | 'isInvalid'>

export interface FormFieldProps extends ControlProps {
  id: string
  label: ReactNode
  /** The field's message, shown under it and marking it invalid. */
  error?: string
  /** Its column in a `<Row>`: a plain group without. */
  col?: { xs?: number; md?: number; lg?: number }
  className?: string
  /** A select of these options instead of an input. */
  options?: ReactNode
}

export function FormField({ id, label, error, col, className, options, ...control }: FormFieldProps) {
  const input =
    options === undefined ? (
      <Form.Control {...control} isInvalid={Boolean(error)} />
    ) : (
      <Form.Select {...(control as ComponentProps<typeof Form.Select>)} isInvalid={Boolean(error)}>
        {options}
      </Form.Select>
    )
  const content = (
    <>
      <Form.Label>{label}</Form.Label>
      {input}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </>
  )
  return col ? (
    <Form.Group as={Col} {...col} className={className} controlId={id}>
      {content}
    </Form.Group>
  ) : (
    <Form.Group className={className} controlId={id}>
      {content}
    </Form.Group>
  )
}
