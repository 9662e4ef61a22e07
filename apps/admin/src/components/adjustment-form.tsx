// A signed adjustment with its reason: a product's stock (delta) or a customer's points. The
// number is read as the shared schemas read typed numbers ('' stays missing), the shared
// schema speaks, and the server's refusal shows under the number.
import type { ReactNode } from 'react'
import { useForm, type FieldValues, type Path } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Col, Form } from 'react-bootstrap'
import type { z } from 'zod'
import { formNumber } from '@teranga/shared/backoffice-catalogue'
import { errorMessage } from '../lib/api.ts'
import { FormField } from './form-field.tsx'

export interface AdjustmentFormProps<N extends string, T extends Record<N, number> & { motif: string }> {
  schema: z.ZodType<T, FieldValues>
  /** The number's field name and label. */
  amount: { name: N; label: string }
  /** The motif field's id on the page. */
  motifId: string
  submitLabel: string
  /** Sends the adjustment; a refusal is shown under the number. */
  onSubmit: (values: T) => Promise<unknown>
  /** Fields of the caller's shown before the number (a product's variant), checked by `ready` before sending. */
  children?: ReactNode
  /** False keeps the adjustment unsent (the caller shows why). */
  ready?: () => boolean
}

export function AdjustmentForm<N extends string, T extends Record<N, number> & { motif: string }>({ schema, amount, motifId, submitLabel, onSubmit, children, ready }: AdjustmentFormProps<N, T>) {
  const { register, handleSubmit, formState, reset, setError } = useForm<FieldValues, unknown, T>({ resolver: zodResolver(schema), defaultValues: { [amount.name]: '', motif: '' } })
  const name = amount.name as unknown as Path<FieldValues>
  const submit = handleSubmit(async (values) => {
    if (ready && !ready()) return
    try {
      await onSubmit(values)
      reset()
    } catch (err) {
      setError(name, { message: errorMessage(err) })
    }
    // An invalid number or motif: the caller's fields say at once what they lack too.
  }, () => ready?.())
  const errors = formState.errors
  return (
    <Form noValidate onSubmit={submit} className="row g-2">
      {children}
      <FormField id={amount.name} col={{ xs: 4 }} label={amount.label} inputMode="numeric" {...register(name, { setValueAs: formNumber })} error={errors[amount.name]?.message as string | undefined} />
      <FormField id={motifId} col={{ xs: 8 }} label="Motif" {...register('motif')} error={errors.motif?.message as string | undefined} />
      <Col xs={12}>
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Col>
    </Form>
  )
}
