// A depot's opening hours in its form (issue 16 §2): each weekday open or closed, with its
// opening and closing times, and the sentence the storefront will show, read back as it is typed.
import { useState } from 'react'
import { Form } from 'react-bootstrap'
import { DEPOT_DAYS, DEPOT_DAY_NAMES, formatDepotHours, type DepotDay, type DepotHoursInput } from '@teranga/shared/backoffice-settings'

type DayErrors = Partial<Record<DepotDay, { ouverture?: { message?: string }; fermeture?: { message?: string }; message?: string }>>
type Day = { open: boolean; ouverture: string; fermeture: string }

const toDays = (hours: DepotHoursInput | null | undefined) =>
  Object.fromEntries(DEPOT_DAYS.map((day) => [day, hours?.[day] ? { open: true, ...hours[day]! } : { open: false, ouverture: '08:00', fermeture: '19:00' }])) as Record<DepotDay, Day>
const toHours = (days: Record<DepotDay, Day>) => Object.fromEntries(DEPOT_DAYS.map((day) => [day, days[day].open ? { ouverture: days[day].ouverture, fermeture: days[day].fermeture } : null])) as DepotHoursInput

export function DepotHoursFields({ initial, errors, onChange }: { initial: DepotHoursInput | null | undefined; errors?: DayErrors; onChange: (hours: DepotHoursInput) => void }) {
  const [days, setDays] = useState(() => toDays(initial))
  const [touched, setTouched] = useState(Boolean(initial))
  const change = (day: DepotDay, patch: Partial<Day>) => {
    const next = { ...days, [day]: { ...days[day], ...patch } }
    setDays(next)
    setTouched(true)
    onChange(toHours(next))
  }
  return (
    <fieldset>
      <legend className="form-label fs-6 mb-1">Horaires d'ouverture</legend>
      <p className="small text-body-secondary mb-2">{touched ? `Affiché aux clients : ${formatDepotHours(toHours(days))}` : 'Non renseignés : cochez les jours d’ouverture.'}</p>
      {DEPOT_DAYS.map((day) => {
        const name = DEPOT_DAY_NAMES[day]
        const error = errors?.[day]?.ouverture?.message ?? errors?.[day]?.fermeture?.message ?? errors?.[day]?.message
        return (
          <div key={day} className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <Form.Check
              id={`depot-jour-${day}`}
              className="mb-0"
              style={{ minWidth: '8rem', minHeight: 44, display: 'flex', alignItems: 'center', gap: '.5rem' }}
              label={`Ouvert le ${name}`}
              checked={days[day].open}
              onChange={(e) => change(day, { open: e.target.checked })}
            />
            {days[day].open && (
              <>
                <Form.Group controlId={`depot-ouverture-${day}`}>
                  <Form.Label className="visually-hidden">Ouverture le {name}</Form.Label>
                  <Form.Control type="time" size="sm" value={days[day].ouverture} isInvalid={Boolean(error)} onChange={(e) => change(day, { ouverture: e.target.value })} style={{ minHeight: 44 }} />
                </Form.Group>
                <span aria-hidden="true">–</span>
                <Form.Group controlId={`depot-fermeture-${day}`}>
                  <Form.Label className="visually-hidden">Fermeture le {name}</Form.Label>
                  <Form.Control type="time" size="sm" value={days[day].fermeture} isInvalid={Boolean(error)} onChange={(e) => change(day, { fermeture: e.target.value })} style={{ minHeight: 44 }} />
                </Form.Group>
              </>
            )}
            {error && <span className="text-danger small w-100">{`${name[0]!.toUpperCase()}${name.slice(1)} : ${error}`}</span>}
          </div>
        )
      })}
    </fieldset>
  )
}
