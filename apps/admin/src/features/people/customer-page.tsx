// A customer: contact, points and their manual adjustment, addresses, last orders, points
// movements.
import { Link, useParams } from 'react-router'
import { Alert, Card, Col, Row, Spinner } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { pointsAdjustmentSchema } from '@teranga/shared/backoffice-settings'
import { ORDER_STATUSES, isOrderStatus } from '@teranga/shared/order-status'
import { customerLabel } from '@teranga/shared/phone'
import { AdjustmentForm } from '../../components/adjustment-form.tsx'
import { useAdjustPoints, useCustomer } from './api/customers-api.ts'

const stateText = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat].text : etat)

export function CustomerPage() {
  const { id = '' } = useParams()
  const { data, error } = useCustomer(id)
  const adjust = useAdjustPoints(id)
  if (error) return <Alert variant="danger">Ce client est introuvable.</Alert>
  if (!data) return <Spinner animation="border" role="status" aria-label="Chargement" />
  return (
    <>
      <h1 className="h3 mb-3">{customerLabel(data)}</h1>
      <Row className="g-3">
        <Col lg={6}>
          <Card body className="mb-3">
            <p className="mb-1">{data.email ?? "Pas d'e-mail : compte ouvert avec un numéro de téléphone"}</p>
            {data.telephone && <a href={`tel:${data.telephone}`}>{data.telephone}</a>}
            <p className="mb-0 mt-2">
              <strong>{data.points}</strong> points {data.privilege ? `· ${data.privilege}` : ''}
            </p>
            <p className="mb-0">
              Achats : <strong>{data.achats_fr}</strong> ({data.nb_commandes} commande{data.nb_commandes > 1 ? 's' : ''})
            </p>
          </Card>
          <Card body className="mb-3">
            <h2 className="h6">Ajuster les points</h2>
            <AdjustmentForm
              schema={pointsAdjustmentSchema}
              amount={{ name: 'points', label: 'Points (+/−)' }}
              motifId="points-motif"
              submitLabel="Ajuster"
              onSubmit={async (adjustment) => {
                await adjust.mutateAsync(adjustment)
                toast.success('Points ajustés')
              }}
            />
          </Card>
          <Card body>
            <h2 className="h6">Adresses</h2>
            <ul className="mb-0">
              {data.adresses.map((address) => (
                <li key={address.id}>{address.adresse}</li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col lg={6}>
          <Card body className="mb-3">
            <h2 className="h6">Dernières commandes</h2>
            <ul className="mb-0">
              {data.commandes.map((order) => (
                <li key={order.numerocommande}>
                  <Link to={`/commandes/${order.numerocommande}`}>{order.numerocommande}</Link> · {order.date_fr} · {stateText(order.etat)} · {order.total_fr}
                </li>
              ))}
            </ul>
          </Card>
          <Card body>
            <h2 className="h6">Mouvements de points</h2>
            <ul className="mb-0 small">
              {data.mouvements_points.map((m) => (
                <li key={m.id}>
                  {m.date_fr} : {m.points > 0 ? `+${m.points}` : m.points} {m.motif ? `(${m.motif})` : ''}
                </li>
              ))}
            </ul>
          </Card>
        </Col>
      </Row>
    </>
  )
}
