// « Caisse » (issue 25 §4, ADR 057): for the day chosen (today by default), each courier's cash
// orders delivered, what was to be collected, what they entered as collected, what they handed
// back and the two differences, a red line wherever one is not 0; a hand-back entered here (a
// mistake is corrected by a negative line, never edited); and the last 30 days.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'react-toastify'
import { useSearchParams } from 'react-router'
import { Alert, Button, Card, Form, ListGroup, Table } from 'react-bootstrap'
import {
  businessDaySchema,
  CASH_MESSAGES,
  CASH_SUMMARY_DAYS,
  cashDiffers,
  remiseSchema,
  type CashCourierDay,
  type CashDaySummary,
  type RemiseInput,
} from '@teranga/shared/backoffice-cash'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { formatDay, formatFcfa } from '../../lib/format.ts'
import { couriersQueryOptions } from '../../lib/couriers.ts'
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts'
import { useAddRemise, useCashDay, useCashDays } from './api/cash-api.ts'

type Figures = Omit<CashCourierDay, 'livreur'>

/** The figures' cells, the same for a courier and for a day. */
function FigureCells({ row }: { row: Figures }) {
  return (
    <>
      <td className="text-end">{row.commandes}</td>
      <td className="text-end text-nowrap">{formatFcfa(row.a_encaisser)}</td>
      <td className="text-end text-nowrap">{formatFcfa(row.encaisse)}</td>
      <td className="text-end text-nowrap">{formatFcfa(row.remis)}</td>
      <td className="text-end text-nowrap fw-semibold">{formatFcfa(row.ecart)}</td>
      <td className="text-end text-nowrap fw-semibold">{formatFcfa(row.ecart_encaissement)}</td>
    </>
  )
}

const FIGURE_HEADERS = ['Cmd.', 'À encaisser', 'Encaissé', 'Remis', 'Reste à remettre', 'Non encaissé']

function FigureHeaders({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {FIGURE_HEADERS.map((h) => (
          <th key={h} scope="col" className="text-end">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** A table that scrolls sideways on a phone; its region takes the keyboard's focus (WCAG 2.1.1). */
function Scrolling({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
      <Table size="sm" className="align-middle mb-0">
        <caption className="visually-hidden">{label}</caption>
        {children}
      </Table>
    </div>
  )
}

/** A phone's view of the day: a card per courier, every figure on its own line, red when a difference is not 0. */
function CourierCards({ label, rows }: { label: string; rows: CashCourierDay[] }) {
  return (
    <ListGroup as="ul" aria-label={label}>
      {rows.map((row) => (
        <ListGroup.Item as="li" key={row.livreur.id} variant={cashDiffers(row) ? 'danger' : undefined} data-livreur={row.livreur.id}>
          <div className="d-flex justify-content-between gap-2 mb-1">
            <span className="fw-semibold text-break">{row.livreur.nom}</span>
            <span className="small text-nowrap">{row.commandes} cmd.</span>
          </div>
          <dl className="small mb-0">
            {(
              [
                ['À encaisser', row.a_encaisser],
                ['Encaissé', row.encaisse],
                ['Remis', row.remis],
                ['Reste à remettre', row.ecart],
                ['Non encaissé', row.ecart_encaissement],
              ] as const
            ).map(([name, amount], i) => (
              <div key={name} className={`d-flex justify-content-between${i >= 3 ? ' fw-semibold' : ''}`}>
                <dt className={i >= 3 ? 'fw-semibold' : 'fw-normal'}>{name}</dt>
                <dd className="mb-0 text-nowrap">{formatFcfa(amount)}</dd>
              </div>
            ))}
          </dl>
        </ListGroup.Item>
      ))}
    </ListGroup>
  )
}

/** A phone's view of the 30 days: the two differences only; a day's button shows it whole above. */
function DaysCompact({ days, date, choose }: { days: CashDaySummary[]; date: string; choose: (day: string) => void }) {
  return (
    <Scrolling label="Caisse des 30 derniers jours">
      <thead>
        <tr>
          <th scope="col">Jour</th>
          <th scope="col" className="text-end">
            Reste à remettre
          </th>
          <th scope="col" className="text-end">
            Non encaissé
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((row) => (
          <tr key={row.date} className={cashDiffers(row) ? 'table-danger' : undefined}>
            <th scope="row" className="text-nowrap">
              <DayButton day={row.date} date={date} choose={choose} />
            </th>
            <td className="text-end text-nowrap">{formatFcfa(row.ecart)}</td>
            <td className="text-end text-nowrap">{formatFcfa(row.ecart_encaissement)}</td>
          </tr>
        ))}
      </tbody>
    </Scrolling>
  )
}

/** A day of the summary, as a button that shows it. */
function DayButton({ day, date, choose }: { day: string; date: string; choose: (day: string) => void }) {
  return (
    <Button variant="link" size="sm" className="p-0" onClick={() => choose(day)} aria-current={day === date ? 'date' : undefined}>
      {formatDay(day)}
    </Button>
  )
}

type RemiseFields = { livreur: number; date: string; montant: number; note: string | null }

function RemiseForm({ date }: { date: string }) {
  const couriers = useQuery(couriersQueryOptions())
  const add = useAddRemise()
  const form = useForm<RemiseInput, unknown, RemiseFields>({ resolver: zodResolver(remiseSchema), defaultValues: { date, note: '' } })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async (input) => {
    try {
      await add.mutateAsync({ ...input, date })
      toast.success(CASH_MESSAGES.remiseSaved)
      form.reset({ date, note: '' })
    } catch (err) {
      const fields = err instanceof ApiError ? err.errors : {}
      // The day is the page's, not a field of the form: its refusal is told as a toast.
      const named = (['livreur', 'montant', 'note'] as const).filter((name) => fields[name])
      for (const name of named) form.setError(name, { message: fields[name]![0] })
      if (named.length === 0) toast.error(errorMessage(err))
    }
  })
  return (
    <Form noValidate onSubmit={submit} className="d-flex flex-column gap-2">
      <Form.Group controlId="remise-livreur">
        <Form.Label className="small mb-1">Livreur</Form.Label>
        <Form.Select isInvalid={Boolean(errors.livreur)} {...form.register('livreur', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}>
          <option value="">Choisir…</option>
          {(couriers.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.nom}
              {c.actif ? '' : ' (inactif)'}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.livreur?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="remise-montant">
        <Form.Label className="small mb-1">Montant remis (FCFA)</Form.Label>
        <Form.Control type="number" inputMode="numeric" step={1} isInvalid={Boolean(errors.montant)} {...form.register('montant', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })} />
        <Form.Text>Une erreur se corrige par une remise négative, avec sa raison.</Form.Text>
        <Form.Control.Feedback type="invalid">{errors.montant?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="remise-note">
        <Form.Label className="small mb-1">Note</Form.Label>
        <Form.Control as="textarea" rows={2} maxLength={500} isInvalid={Boolean(errors.note)} {...form.register('note')} />
        <Form.Control.Feedback type="invalid">{errors.note?.message}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="align-self-start" disabled={isSubmitting}>
        Enregistrer la remise
      </Button>
    </Form>
  )
}

/** Each courier's days from « Du » to « Au » as a file for the accountant (ADR 060): the last 30 days unless changed. */
function CashExport({ today }: { today: string }) {
  const [du, setDu] = useState(addDays(today, -(CASH_SUMMARY_DAYS - 1)))
  const [au, setAu] = useState(today)
  return (
    <Form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={(e) => e.preventDefault()} aria-label="Exporter la caisse">
      <Form.Group controlId="caisse-export-du">
        <Form.Label className="small mb-1">Du</Form.Label>
        <Form.Control type="date" size="sm" value={du} max={au} onChange={(e) => setDu(e.target.value)} />
      </Form.Group>
      <Form.Group controlId="caisse-export-au">
        <Form.Label className="small mb-1">Au</Form.Label>
        <Form.Control type="date" size="sm" value={au} min={du} max={today} onChange={(e) => setAu(e.target.value)} />
      </Form.Group>
      <ExportButtons path="/caisse/export" query={new URLSearchParams({ du, au }).toString()} name="caisse" />
    </Form>
  )
}

export function CashPage() {
  const [search, setSearch] = useSearchParams()
  const today = shopDay()
  const asked = businessDaySchema.safeParse(search.get('date'))
  const date = asked.success && asked.data <= today ? asked.data : today
  const dayQuery = useCashDay(date)
  const daysQuery = useCashDays(today)
  const choose = (next: string) => setSearch(next && next !== today ? { date: next } : {})
  const rows = dayQuery.data ?? []
  const phone = useMediaQuery(PHONE_QUERY)
  const dayLabel = `Caisse du ${formatDay(date)} par livreur`

  return (
    <>
      <h1 className="h3 mb-3">Caisse</h1>
      <Form.Group controlId="caisse-jour" className="mb-3" style={{ maxWidth: '14rem' }}>
        <Form.Label className="small mb-1">Jour</Form.Label>
        <Form.Control type="date" value={date} max={today} onChange={(e) => choose(e.target.value)} />
      </Form.Group>

      <h2 className="h5">Livreurs du {formatDay(date)}</h2>
      {dayQuery.error && <Alert variant="danger">{errorMessage(dayQuery.error)}</Alert>}
      {dayQuery.data && rows.length === 0 && <p className="text-muted">Aucune commande en espèces livrée ni remise ce jour-là.</p>}
      {rows.length > 0 && phone && <CourierCards label={dayLabel} rows={rows} />}
      {rows.length > 0 && !phone && (
        <Scrolling label={dayLabel}>
          <FigureHeaders first="Livreur" />
          <tbody>
            {rows.map((row) => (
              <tr key={row.livreur.id} className={cashDiffers(row) ? 'table-danger' : undefined} data-livreur={row.livreur.id}>
                <th scope="row" className="text-break">
                  {row.livreur.nom}
                </th>
                <FigureCells row={row} />
              </tr>
            ))}
          </tbody>
        </Scrolling>
      )}
      <p className="small text-muted mt-2">
        « Reste à remettre » : encaissé moins remis. « Non encaissé » : à encaisser moins encaissé. Une ligne rouge a un écart.
      </p>

      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">Enregistrer une remise du {formatDay(date)}</h2>
          <RemiseForm key={date} date={date} />
        </Card.Body>
      </Card>

      <h2 className="h5">Les 30 derniers jours</h2>
      <CashExport today={today} />
      {daysQuery.error && <Alert variant="danger">{errorMessage(daysQuery.error)}</Alert>}
      {daysQuery.data && phone && <DaysCompact days={daysQuery.data} date={date} choose={choose} />}
      {daysQuery.data && !phone && (
        <Scrolling label="Caisse des 30 derniers jours">
          <FigureHeaders first="Jour" />
          <tbody>
            {daysQuery.data.map((row) => (
              <tr key={row.date} className={cashDiffers(row) ? 'table-danger' : undefined}>
                <th scope="row" className="text-nowrap">
                  <DayButton day={row.date} date={date} choose={choose} />
                </th>
                <FigureCells row={row} />
              </tr>
            ))}
          </tbody>
        </Scrolling>
      )}
    </>
  )
}
