// Settings (admin): delivery zones and their fees, payment modes on/off. (Depots with map
// picking, slideshow, preferences and loyalty tiers follow the same pattern.)
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Card, Col, Form, Row, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { z } from 'zod'
import { zoneSchema } from '../../forms/schemas.ts'
import { api, ApiError, type Page } from '../../lib/api.ts'
import { formatFcfa } from '../../lib/format.ts'

interface Zone {
  id: number
  designation: string
  frais: number
}
interface PaymentMode {
  id: number
  code: string
  designation: string
  actif: boolean
  position: number
}

const listOf = <T,>(data: T[] | Page<T> | undefined): T[] => (Array.isArray(data) ? data : (data?.data ?? []))

export function ZoneForm({ onSaved }: { onSaved: () => void }) {
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof zoneSchema>>({ resolver: zodResolver(zoneSchema), defaultValues: { designation: '', frais: '' as unknown as number } })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('POST', '/zone', zoneSchema.parse(values))
      toast.success('Zone ajoutée')
      reset()
      onSaved()
    } catch (err) {
      if (err instanceof ApiError) for (const [field, messages] of Object.entries(err.errors)) setError(field as 'designation', { message: messages[0] })
      toast.error(err instanceof ApiError ? err.message : 'Une erreur est survenue. Réessayez.')
    }
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Nouvelle zone">
      <Row className="g-2 align-items-end">
        <Form.Group as={Col} xs={12} md={6} controlId="zone-designation">
          <Form.Label>Zone</Form.Label>
          <Form.Control {...register('designation')} isInvalid={Boolean(formState.errors.designation)} />
          <Form.Control.Feedback type="invalid">{formState.errors.designation?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={6} md={3} controlId="zone-frais">
          <Form.Label>Frais (FCFA)</Form.Label>
          <Form.Control inputMode="numeric" {...register('frais')} isInvalid={Boolean(formState.errors.frais)} />
          <Form.Control.Feedback type="invalid">{formState.errors.frais?.message}</Form.Control.Feedback>
        </Form.Group>
        <Col xs={6} md={3}>
          <Button type="submit" disabled={formState.isSubmitting}>
            Ajouter la zone
          </Button>
        </Col>
      </Row>
    </Form>
  )
}

export function SettingsPage() {
  const queryClient = useQueryClient()
  const zones = useQuery({ queryKey: ['zones'], queryFn: () => api<Zone[] | Page<Zone>>('GET', '/zone?count=100') })
  const modes = useQuery({ queryKey: ['modepaiements'], queryFn: () => api<PaymentMode[] | Page<PaymentMode>>('GET', '/modepaiement') })
  return (
    <>
      <h1 className="h3 mb-3">Paramètres</h1>
      <Card className="mb-3">
        <Card.Header as="h2" className="h6">
          Zones de livraison
        </Card.Header>
        <Card.Body>
          {zones.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des zones.</Alert>}
          <Table size="sm">
            <caption className="visually-hidden">Zones de livraison</caption>
            <thead>
              <tr>
                <th scope="col">Zone</th>
                <th scope="col">Frais</th>
              </tr>
            </thead>
            <tbody>
              {listOf(zones.data).map((zone) => (
                <tr key={zone.id}>
                  <td>{zone.designation}</td>
                  <td>{formatFcfa(zone.frais)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <ZoneForm onSaved={() => void queryClient.invalidateQueries({ queryKey: ['zones'] })} />
        </Card.Body>
      </Card>
      <Card>
        <Card.Header as="h2" className="h6">
          Modes de paiement
        </Card.Header>
        <Card.Body>
          {listOf(modes.data).map((mode) => (
            <Form.Check
              key={mode.id}
              type="switch"
              id={`mode-${mode.id}`}
              label={mode.designation}
              checked={mode.actif}
              onChange={async (e) => {
                try {
                  await api('PUT', `/modepaiement/${mode.id}`, { actif: e.target.checked, position: mode.position })
                  void queryClient.invalidateQueries({ queryKey: ['modepaiements'] })
                } catch (err) {
                  toast.error(err instanceof ApiError ? err.message : 'Une erreur est survenue. Réessayez.')
                }
              }}
            />
          ))}
        </Card.Body>
      </Card>
    </>
  )
}
