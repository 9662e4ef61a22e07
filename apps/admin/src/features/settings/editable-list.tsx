// The settings' lists (issue 16 §2 and §4): delivery zones, depots, payment modes, categories
// and sub-categories are each one EditableList: names renamed where they are shown, rows moved
// up and down with buttons (the server keeps the order, and the storefront's menus and
// checkout follow it), each row's own details and actions.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Button, Form } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { z } from 'zod'
import { ApiError, errorMessage } from '../../lib/api.ts'

/** Touch targets of at least 44 px (WCAG 2.5.5), whatever the button's size class. */
const TOUCH = { minWidth: 44, minHeight: 44 } as const

/**
 * A name that turns into a field when clicked: Enter (or « Enregistrer ») saves, Escape (or
 * « Annuler ») gives the old name back. Checked with the form's own schema before it is sent;
 * the server's refusal (a name taken) is shown under the field.
 */
export function InlineName({ name, schema, onSave }: { name: string; schema: z.ZodType; onSave: (designation: string) => Promise<unknown> }) {
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(name)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const fieldId = useId()
  const cancel = () => {
    setEditing(false)
    setValue(name)
    setError(null)
  }
  const save = async () => {
    const parsed = schema.safeParse(value)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null)
    const designation = parsed.data as string
    if (designation === name) return cancel()
    setSaving(true)
    try {
      await onSave(designation)
      toast.success(`« ${designation} » enregistré`)
      setEditing(false)
      setError(null)
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.designation?.[0] ?? err.message) : errorMessage(err))
    } finally {
      setSaving(false)
    }
  }
  if (!editing)
    return (
      <Button variant="link" className="p-0 text-start text-reset text-decoration-none" style={{ minHeight: TOUCH.minHeight }} aria-label={`Renommer ${name}`} onClick={() => setEditing(true)}>
        {name}
      </Button>
    )
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      void save()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      cancel()
    }
  }
  return (
    <div className="d-flex flex-wrap gap-1 align-items-start">
      <Form.Group controlId={fieldId}>
        <Form.Label className="visually-hidden">Nouveau nom de {name}</Form.Label>
        <Form.Control autoFocus value={value} onChange={(e) => setValue(e.target.value)} onKeyDown={onKeyDown} isInvalid={Boolean(error)} disabled={saving} style={{ minHeight: TOUCH.minHeight }} />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button style={TOUCH} disabled={saving} onClick={() => void save()}>
        Enregistrer
      </Button>
      <Button variant="outline-dark" style={TOUCH} disabled={saving} onClick={cancel}>
        Annuler
      </Button>
    </div>
  )
}

/** « Monter » and « Descendre » for the item at `index` of a list of `count`. */
function MoveButtons({ name, index, count, onMove }: { name: string; index: number; count: number; onMove: (to: number) => void }) {
  return (
    <span className="d-inline-flex gap-1">
      <Button variant="outline-dark" size="sm" style={TOUCH} aria-label={`Monter ${name}`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        ↑
      </Button>
      <Button variant="outline-dark" size="sm" style={TOUCH} aria-label={`Descendre ${name}`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        ↓
      </Button>
    </span>
  )
}

/** `ids` with the one at `from` moved to `to`. */
const moved = (ids: number[], from: number, to: number) => {
  const next = [...ids]
  const [id] = next.splice(from, 1)
  next.splice(to, 0, id!)
  return next
}

interface Named {
  id: number
  designation: string
}

/**
 * A list whose rows are moved up or down within their group (a category's sub-categories stay
 * among themselves) when `onReorder` is given, which gets every id of the group in its new order;
 * a refusal is told. `name` shows the row's name (renamed in place with InlineName, or a switch),
 * `detail` what follows it, `actions` the row's other buttons.
 */
export function EditableList<T extends Named>({
  label,
  items,
  name,
  detail,
  actions,
  onReorder,
  groupOf = () => 0,
}: {
  label: string
  items: T[]
  name: (item: T) => ReactNode
  detail?: (item: T) => ReactNode
  actions?: (item: T) => ReactNode
  onReorder?: (ids: number[]) => Promise<unknown>
  groupOf?: (item: T) => number
}) {
  const reorder = async (ids: number[]) => {
    try {
      await onReorder?.(ids)
    } catch (err) {
      toast.error(errorMessage(err))
    }
  }
  return (
    <ul className="list-unstyled" aria-label={label}>
      {items.map((item) => {
        const group = items.filter((other) => groupOf(other) === groupOf(item))
        const index = group.indexOf(item)
        return (
          <li key={item.id} className="d-flex flex-wrap justify-content-between align-items-center border-bottom py-1 gap-2">
            <span className="flex-grow-1">
              {name(item)} {detail?.(item)}
            </span>
            <span className="d-inline-flex flex-wrap gap-1 align-items-center">
              {onReorder && <MoveButtons name={item.designation} index={index} count={group.length} onMove={(to) => void reorder(moved(group.map((g) => g.id), index, to))} />}
              {actions?.(item)}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
