// Today's work: orders to handle by state (links to the filtered list), unpaid orders about
// to expire, low stock, sales of today and the last 7 days, the 30-day curve.
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { Alert, Badge, Card, Col, ListGroup, Row, Spinner } from 'react-bootstrap'
import { TO_ACT_ON_STATUSES, type ToActOnStatus } from '@teranga/shared/order-status'
import { REPORT_SALES_RULE_TEXT } from '@teranga/shared/backoffice-reports'
import { useRole } from '../../lib/auth.tsx'
import { useDashboard } from './api/dashboard-api.ts'
import { SetupChecklist } from './setup-checklist.tsx'

const SalesChart = lazy(() => import('../../components/sales-chart.tsx'))

/** Each state to act on as its tile names the orders in it. */
const STATE_LABELS: Record<ToActOnStatus, string> = {
  en_attente: 'À confirmer',
  payee: 'Payées',
  confirmee: 'Confirmées',
  en_preparation: 'En préparation',
  prete_retrait: 'Prêtes au retrait',
  en_livraison: 'En livraison',
  echec_livraison: 'Échecs de livraison',
}

export function HomePage() {
  const { data, error } = useDashboard()
  // The first admin's checklist; a gestionnaire has none of its pages.
  const admin = useRole() === 'admin'
  if (error) return <Alert variant="danger">Une erreur s'est produite lors du chargement du tableau de bord.</Alert>
  if (!data) return <Spinner animation="border" role="status" aria-label="Chargement" />
  return (
    <>
      <h1 className="h3 mb-3">Aujourd'hui</h1>
      <SetupChecklist enabled={admin} />
      <section aria-labelledby="a-traiter" className="mb-4">
        <h2 id="a-traiter" className="h5">
          À traiter
        </h2>
        <Row xs={2} md={3} xl={6} className="g-2">
          {TO_ACT_ON_STATUSES.map((etat) => (
            <Col key={etat}>
              <Link to={`/commandes?etat=${etat}`} className="card card-body text-reset h-100 state-count">
                <span className="fs-3 fw-bold">{data.a_traiter[etat]}</span>
                <span className="small">{STATE_LABELS[etat]}</span>
              </Link>
            </Col>
          ))}
        </Row>
      </section>
      <Row className="g-3 mb-4">
        <Col md={6}>
          <Card body>
            <h2 className="h6">Ventes aujourd'hui</h2>
            <p className="fs-4 fw-bold mb-0">{data.ventes.aujourdhui_fr}</p>
          </Card>
        </Col>
        <Col md={6}>
          <Card body>
            <h2 className="h6">Ventes sur 7 jours</h2>
            <p className="fs-4 fw-bold mb-0">{data.ventes.sept_jours_fr}</p>
          </Card>
        </Col>
        <Col xs={12}>
          <p className="small text-body-secondary mb-0">{REPORT_SALES_RULE_TEXT}</p>
        </Col>
      </Row>
      <Row className="g-3 mb-4">
        <Col lg={6}>
          <Card>
            <Card.Header as="h2" className="h6">
              Impayées qui expirent bientôt
            </Card.Header>
            <ListGroup variant="flush">
              {data.expirent_bientot.length === 0 && <ListGroup.Item>Aucune.</ListGroup.Item>}
              {data.expirent_bientot.map((order) => (
                <ListGroup.Item key={order.numero} as={Link} to={`/commandes/${order.numero}`} action>
                  {order.numero} — {order.client.nom} — {order.total_fr}
                </ListGroup.Item>
              ))}
            </ListGroup>
          </Card>
        </Col>
        <Col lg={6}>
          <Card>
            <Card.Header as="h2" className="h6">
              Stock bas
            </Card.Header>
            <ListGroup variant="flush">
              {data.stock_bas.length === 0 && <ListGroup.Item>Aucun produit en stock bas.</ListGroup.Item>}
              {data.stock_bas.map((product) => (
                <ListGroup.Item key={product.id} as={Link} to={`/produits/${product.id}`} action className="d-flex justify-content-between">
                  <span>{product.designation}</span>
                  <Badge bg={product.quantite === 0 ? 'danger' : 'warning'} text={product.quantite === 0 ? undefined : 'dark'}>
                    {product.quantite} / {product.seuil}
                  </Badge>
                </ListGroup.Item>
              ))}
            </ListGroup>
          </Card>
        </Col>
      </Row>
      <Card body>
        <h2 className="h6">Ventes des 30 derniers jours</h2>
        <Suspense fallback={<div style={{ minHeight: 200 }} />}>
          <SalesChart points={data.courbe} />
        </Suspense>
      </Card>
    </>
  )
}
