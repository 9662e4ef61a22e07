// Payment modes: each on or off, in the order shoppers see them at checkout. Their order is
// each mode's position (PUT /api/modepaiement/{id} {actif, position}), not a list endpoint.
import { Alert, Form } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { PaymentMode } from '@teranga/shared/backoffice-settings'
import { errorMessage } from '../../lib/api.ts'
import { usePaymentModes, useUpdatePaymentMode } from './api/settings-api.ts'
import { EditableList } from './editable-list.tsx'

export function PaymentModesSettings() {
  const modes = usePaymentModes()
  const update = useUpdatePaymentMode()
  const switchMode = async (mode: PaymentMode, actif: boolean) => {
    try {
      await update.mutateAsync({ id: mode.id, body: { actif, position: mode.position } })
    } catch (err) {
      toast.error(errorMessage(err))
    }
  }
  /** Every mode at its index of the new order, so that positions stay distinct whatever they were; only the changed ones are sent. */
  const reorder = async (ids: number[]) => {
    for (const [index, id] of ids.entries()) {
      const mode = modes.data?.find((m) => m.id === id)
      if (mode && mode.position !== index) await update.mutateAsync({ id, body: { actif: mode.actif, position: index } })
    }
  }
  return (
    <>
      {modes.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des modes de paiement.</Alert>}
      <EditableList
        label="Modes de paiement, dans l'ordre de la commande"
        items={modes.data ?? []}
        name={(mode) => <Form.Check className="mb-0" type="switch" id={`mode-${mode.id}`} label={mode.designation} checked={mode.actif} onChange={(e) => void switchMode(mode, e.target.checked)} />}
        onReorder={reorder}
      />
    </>
  )
}
