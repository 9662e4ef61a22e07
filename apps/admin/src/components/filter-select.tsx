// A list filter kept in the URL: a select whose first choice (value '') means « all ».
import { Form } from 'react-bootstrap'

export interface FilterChoice {
  value: string | number
  label: string
}

export function FilterSelect({ label, all, value, choices, onChange }: { label: string; all: string; value: string | null; choices: readonly FilterChoice[]; onChange: (value: string) => void }) {
  return (
    <Form.Select aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">{all}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </Form.Select>
  )
}
