// « Suivi de mes commandes » on the account page: SMS, WhatsApp or no message at each step of
// the customer's orders (ADR 034), with the shared schema the server checks too.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { MESSAGE_CHANNELS, messagesChoiceSchema, ORDER_MESSAGES_TEXT, type MessagesChoice } from '@teranga/shared/order-messages'
import { serverFieldErrors, withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { useMessagesChoice, useUpdateMessagesChoice } from '../api/messages-api.ts'

export function OrderMessagesForm() {
  const current = useMessagesChoice()
  const update = useUpdateMessagesChoice()
  const form = useForm<MessagesChoice>({ resolver: zodResolver(messagesChoiceSchema), defaultValues: { canal: 'sms' } })
  const { reset } = form
  useEffect(() => {
    if (current.data) reset(current.data)
  }, [current.data, reset])

  const submit = form.handleSubmit((choice) =>
    update.mutate(choice, {
      onSuccess: (saved) => {
        reset(saved)
        toast.success(ORDER_MESSAGES_TEXT.saved)
      },
      onError: (error) => {
        const found = serverFieldErrors(error, ['canal'])
        if (found.canal) form.setError('canal', { message: found.canal })
        else toast.error(withReason(ORDER_MESSAGES_TEXT.channelInvalid, error))
      },
    }),
  )
  const error = form.formState.errors.canal?.message

  return (
    <section className="mt-5" aria-labelledby="order-messages-title">
      <h2 id="order-messages-title" className="h5">
        {ORDER_MESSAGES_TEXT.title}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={ORDER_MESSAGES_TEXT.title}>
        <fieldset disabled={current.isPending}>
          <legend className="fs-6 text-body-secondary" id="order-messages-intro">
            {ORDER_MESSAGES_TEXT.intro}
          </legend>
          <div role="radiogroup" aria-labelledby="order-messages-intro" aria-describedby={error ? 'order-messages-error' : undefined}>
            {MESSAGE_CHANNELS.map((canal) => (
              <div className="form-check" key={canal}>
                <input className="form-check-input" type="radio" id={`order-messages-${canal}`} value={canal} {...form.register('canal')} />
                <label className="form-check-label" htmlFor={`order-messages-${canal}`}>
                  {ORDER_MESSAGES_TEXT.labels[canal]}
                </label>
              </div>
            ))}
          </div>
          {error && (
            <p id="order-messages-error" className="text-danger small mt-1">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-outline-primary mt-3" disabled={update.isPending}>
            {update.isPending ? 'Enregistrement…' : ORDER_MESSAGES_TEXT.save}
          </button>
        </fieldset>
      </form>
    </section>
  )
}
