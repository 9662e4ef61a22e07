// The product's options (ADR 053 §6): up to three, each a name and its values as chips (added
// with « Ajouter » or Enter, removed by their cross), then « Générer les variantes ».
import { useState } from 'react'
import { Alert, Button, Col, Form, Row } from 'react-bootstrap'
import { useFormContext, useWatch } from 'react-hook-form'
import { generateRows, VARIANT_MESSAGES, type OptionFields, type VariantRow } from './variant-rows.ts'

export const MAX_OPTIONS = 3

/** What the options editor needs of the product form's values. */
export interface OptionsFormValues {
  options: OptionFields[]
  variantes: VariantRow[]
  code?: string | null
  prix?: unknown
}

type ErrorsAt = { message?: string } | undefined

function ValueAdder({ index, option, onAdd }: { index: number; option: OptionFields; onAdd: (value: string) => string | null }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const id = `option-${index}-valeur`
  const add = () => {
    const value = text.trim()
    if (value === '') return
    const refused = onAdd(value)
    setError(refused)
    if (!refused) setText('')
  }
  return (
    <Form.Group controlId={id} className="mt-2">
      <Form.Label className="small mb-1">Ajouter une valeur{option.nom.trim() ? ` à « ${option.nom.trim()} »` : ''}</Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          value={text}
          isInvalid={Boolean(error)}
          placeholder="Nouvelle valeur"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
        />
        <Button variant="outline-primary" onClick={add}>
          Ajouter
        </Button>
      </div>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  )
}

export function OptionsEditor({ productPrice, canGenerate, disabled }: { productPrice: string | number; canGenerate: boolean; disabled?: boolean }) {
  const { control, register, setValue, getValues, formState, clearErrors } = useFormContext<OptionsFormValues>()
  const options = useWatch({ control, name: 'options' }) ?? []
  const [generationError, setGenerationError] = useState<string | null>(null)
  const errors = formState.errors.options as unknown as Array<{ nom?: ErrorsAt; valeurs?: ErrorsAt } | undefined> & { message?: string } | undefined

  const setOptions = (next: OptionFields[]) => setValue('options', next, { shouldDirty: true })
  const generate = () => {
    const result = generateRows(getValues('options'), getValues('variantes'), { code: getValues('code') ?? '', prix: productPrice })
    if ('error' in result) return setGenerationError(result.error)
    setGenerationError(null)
    clearErrors('variantes')
    setValue('variantes', result.rows, { shouldDirty: true })
  }

  return (
    <div>
      {options.map((option, index) => (
        <fieldset key={index} className="border rounded p-2 mb-2">
          <legend className="fs-6 px-1 w-auto float-none mb-0">Option {index + 1}</legend>
          <Row className="g-2 align-items-end">
            <Form.Group as={Col} xs={12} sm={8} controlId={`option-${index}-nom`}>
              <Form.Label className="small mb-1">Nom de l’option {index + 1}</Form.Label>
              <Form.Control placeholder="ex. Contenance" {...register(`options.${index}.nom`)} isInvalid={Boolean(errors?.[index]?.nom)} />
              <Form.Control.Feedback type="invalid">{errors?.[index]?.nom?.message}</Form.Control.Feedback>
            </Form.Group>
            <Col xs={12} sm={4} className="text-sm-end">
              {!disabled && (
                <Button variant="outline-danger" size="sm" onClick={() => setOptions(options.filter((_, i) => i !== index))}>
                  Retirer l’option
                </Button>
              )}
            </Col>
          </Row>
          <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={`Valeurs de l’option ${index + 1}`}>
            {option.valeurs.map((value) => (
              <li key={value}>
                <Button
                  variant="light"
                  size="sm"
                  className="border rounded-pill"
                  aria-label={`Retirer la valeur ${value}`}
                  onClick={() => setOptions(options.map((o, i) => (i === index ? { ...o, valeurs: o.valeurs.filter((v) => v !== value) } : o)))}
                >
                  {value} <span aria-hidden="true">×</span>
                </Button>
              </li>
            ))}
          </ul>
          {errors?.[index]?.valeurs?.message && <div className="invalid-feedback d-block">{errors[index]!.valeurs!.message}</div>}
          {!disabled && (
            <ValueAdder
              index={index}
              option={option}
              onAdd={(value) => {
                if (option.valeurs.some((v) => v.toLowerCase() === value.toLowerCase())) return VARIANT_MESSAGES.valueTaken
                setOptions(options.map((o, i) => (i === index ? { ...o, valeurs: [...o.valeurs, value] } : o)))
                return null
              }}
            />
          )}
        </fieldset>
      ))}
      {errors?.message && <div className="invalid-feedback d-block">{errors.message}</div>}
      <div className="d-flex flex-wrap gap-2">
        {!disabled && (
          <Button variant="outline-primary" size="sm" disabled={options.length >= MAX_OPTIONS} onClick={() => setOptions([...options, { nom: '', valeurs: [] }])}>
            Ajouter une option
          </Button>
        )}
        {!disabled && canGenerate && (
          <Button variant="primary" size="sm" onClick={generate}>
            Générer les variantes
          </Button>
        )}
      </div>
      {generationError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {generationError}
        </Alert>
      )}
    </div>
  )
}
