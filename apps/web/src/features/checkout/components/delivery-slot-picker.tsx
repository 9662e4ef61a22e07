// The delivery slot choice (issue 25 §1): the next days' slots as a short list, a day's name
// then its times, « Complet » on full ones (not choosable). Nothing at all when the shop offers
// no slot for this zone or depot: the order then goes without one, as before.
import { useId } from 'react'
import { formatSlotDay, type OfferedSlot, SLOT_MESSAGES } from '@teranga/shared/delivery-slots'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'

export interface ChosenSlot {
  id: number
  date: string
}

interface Props {
  pickup: boolean
  slots: { data: OfferedSlot[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown }
  chosen: ChosenSlot | null
  onChoose: (slot: OfferedSlot) => void
  error: string | null
}

/** The slots by date, in the server's order (date then time). */
function byDay(slots: readonly OfferedSlot[]) {
  const days = new Map<string, OfferedSlot[]>()
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot])
  return [...days.entries()]
}

export function DeliverySlotPicker({ pickup, slots, chosen, onChoose, error }: Props) {
  const id = useId()
  if (slots.isError) return <ErrorAlert message="Les créneaux n'ont pas pu être chargés." onRetry={() => void slots.refetch()} />
  if (slots.isPending) return <Spinner label="Chargement des créneaux…" />
  const list = slots.data ?? []
  if (list.length === 0) {
    // None to offer, but the server asks for one (every slot past its cut-off, or closed): say so.
    return error ? (
      <div className="alert alert-warning mt-3 mb-0" role="alert">
        {error} {SLOT_MESSAGES.none}
      </div>
    ) : null
  }
  return (
    <fieldset className="mt-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="h5">{pickup ? 'Créneau de retrait' : 'Créneau de livraison'}</legend>
      {byDay(list).map(([date, daySlots]) => (
        <div key={date} className="mb-2">
          <p className="fw-semibold small mb-1" id={`${id}-${date}`}>
            {formatSlotDay(date)}
          </p>
          <div className="d-flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-${date}`}>
            {daySlots.map((slot) => {
              const inputId = `${id}-${slot.id}-${slot.date}`
              const full = slot.restant <= 0
              return (
                <div key={inputId}>
                  <input
                    type="radio"
                    className="btn-check"
                    name={`${id}-slot`}
                    id={inputId}
                    disabled={full}
                    checked={chosen?.id === slot.id && chosen.date === slot.date}
                    aria-label={`${slot.libelle}${full ? ` : ${SLOT_MESSAGES.complet}` : ''}`}
                    onChange={() => onChoose(slot)}
                  />
                  <label htmlFor={inputId} className="btn btn-outline-primary text-nowrap slot-choice">
                    {slot.debut}–{slot.fin}
                    {full && <span className="d-block small">{SLOT_MESSAGES.complet}</span>}
                  </label>
                </div>
              )
            })}
          </div>
        </div>
      ))}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  )
}
