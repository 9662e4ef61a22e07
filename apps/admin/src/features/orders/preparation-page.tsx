// The picking list of an order « En préparation » (issue 25 §2, ADR 055), made for a phone in
// the aisles: the shopper's note first, the lines grouped by category, each ticked as prepared,
// short (a quantity stepper) or replaced by another product (searched by name or code through the
// catalogue's list, a variant and a quantity, at its own price); then what the order will cost,
// what goes back to a shopper who paid online or what the courier collects, and « Valider ».
import { useDeferredValue, useId, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { Alert, Badge, Button, Card, Form, InputGroup, ListGroup, Spinner } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { useQuery } from '@tanstack/react-query'
import type { OrderDetail } from '@teranga/shared/backoffice-orders'
import type { Product } from '@teranga/shared/backoffice-catalogue'
import { formatPrix } from '@teranga/shared/money'
import { preparationRefund, preparedAmounts, substituteCharge, type PreparationBody } from '@teranga/shared/preparation'
import { ApiError, api, errorMessage, queryString, type Page } from '../../lib/api.ts'
import { usePrepareOrder, useOrder } from './api/orders-api.ts'
import { refundDestination } from './order-refund.tsx'

type OrderLine = OrderDetail['lignes'][number]

interface Substitute {
  produit: number
  variante: number
  designation: string
  prix: number
  quantite: number
}

/** What the preparer says of one line. */
interface LineState {
  mode: 'prepare' | 'short' | 'replace'
  prepared: number
  substitute: Substitute | null
}

/** A variant's price now: its sale price while the sale runs. */
const priceNow = (v: Product['variantes'][number]) => (v.promo_active && v.prix_promo !== null ? v.prix_promo : v.prix)

const keyOf = (line: OrderLine) => line.ligne ?? line.variante?.id ?? line.produit.id

/** The order as the preparation would leave it (the server's computation, shared). */
export function preparationPreview(order: OrderDetail, states: ReadonlyMap<number, LineState>) {
  let goods = 0
  let supplement = 0
  for (const line of order.lignes) {
    const state = states.get(keyOf(line))
    const prepared = state ? state.prepared : line.quantite
    goods += prepared * line.prix - (line.supplement ?? 0)
    if (state?.substitute) {
      const charge = substituteCharge(state.substitute.prix * state.substitute.quantite, (line.quantite - prepared) * line.prix)
      goods += charge.charged
      supplement += charge.supplement
    }
  }
  const paidForGoods = order.lignes.reduce((sum, l) => sum + l.paye, 0)
  const remiseLivraison = Math.max(0, order.remise - (order.montantcommande - paidForGoods))
  const amounts = preparedAmounts({ montantcommande: order.montantcommande, montantliv: order.montantliv, remise: order.remise, remiseCode: 0, remiseLivraison }, goods)
  const paidOnline = order.paiement && order.paiement.statut === 'payee' ? order.paiement.montant : null
  const refund = paidOnline === null ? 0 : preparationRefund({ paid: paidOnline, refunded: order.rembourse, before: order.total, after: amounts.total })
  return { total: amounts.total, refund, supplement, cash: order.modepaiement.code === 'CASH' }
}

/** The catalogue's products whose name or code holds `q` (GET /api/produit), for a substitute. */
function useProductSearch(q: string) {
  const text = useDeferredValue(q.trim())
  return useQuery({
    queryKey: ['produits', 'remplacement', text],
    queryFn: () => api<Page<Product>>('GET', `/produit${queryString({ q: text, archive: '0', count: 8 })}`),
    enabled: text.length >= 2,
  })
}

function Stepper({ label, value, min, max, onChange }: { label: string; value: number; min: number; max: number; onChange: (n: number) => void }) {
  return (
    <InputGroup size="sm" className="flex-nowrap" style={{ width: '8.5rem' }}>
      <Button variant="outline-secondary" aria-label={`Moins : ${label}`} disabled={value <= min} onClick={() => onChange(value - 1)}>
        −
      </Button>
      <Form.Control
        type="number"
        inputMode="numeric"
        aria-label={label}
        className="text-center"
        min={min}
        max={max}
        value={value}
        onChange={(e) => {
          const n = Number(e.target.value)
          if (Number.isInteger(n)) onChange(Math.min(max, Math.max(min, n)))
        }}
      />
      <Button variant="outline-secondary" aria-label={`Plus : ${label}`} disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </Button>
    </InputGroup>
  )
}

function SubstitutePicker({ line, missing, value, onChange }: { line: OrderLine; missing: number; value: Substitute | null; onChange: (s: Substitute | null) => void }) {
  const id = useId()
  const [q, setQ] = useState('')
  const search = useProductSearch(q)
  const name = line.variante?.designation ?? line.produit.designation
  if (value)
    return (
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <span className="text-break">
          Remplacé par <strong>{value.designation}</strong> · {formatPrix(value.prix)}
        </span>
        <span className="small">Quantité :</span>
        <Stepper label={`Quantité de remplacement : ${name}`} value={value.quantite} min={1} max={99} onChange={(quantite) => onChange({ ...value, quantite })} />
        <Button variant="link" size="sm" className="p-0" onClick={() => onChange(null)}>
          Changer
        </Button>
      </div>
    )
  const products = (search.data?.data ?? []).filter((p) => p.id !== line.produit.id)
  return (
    <div className="mt-2">
      <Form.Label htmlFor={`${id}-q`} className="small mb-1">
        Produit de remplacement (nom ou code)
      </Form.Label>
      <Form.Control id={`${id}-q`} type="search" size="sm" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
      {search.isFetching && <Spinner animation="border" size="sm" role="status" aria-label="Recherche" className="mt-2" />}
      {search.isError && <p className="text-danger small mb-0 mt-1">{errorMessage(search.error)}</p>}
      {products.length > 0 && (
        <ListGroup className="mt-2" role="group" aria-label={`Produits trouvés pour ${name}`}>
          {products.flatMap((p) =>
            p.variantes
              .filter((v) => v.actif)
              .map((v) => (
                <ListGroup.Item
                  key={v.id}
                  action
                  className="d-flex justify-content-between gap-2"
                  disabled={v.quantite < 1}
                  onClick={() => onChange({ produit: p.id, variante: v.id, designation: v.designation, prix: priceNow(v), quantite: Math.max(1, missing) })}
                >
                  <span className="text-break">
                    {v.designation} <span className="text-muted small">{v.code}</span>
                  </span>
                  <span className="text-nowrap small">
                    {formatPrix(priceNow(v))} · {v.quantite > 0 ? `${v.quantite} en stock` : 'rupture'}
                  </span>
                </ListGroup.Item>
              )),
          )}
        </ListGroup>
      )}
      {search.isSuccess && products.length === 0 && <p className="small text-muted mb-0 mt-1">Aucun produit trouvé.</p>}
    </div>
  )
}

function PickingLine({ line, state, onChange }: { line: OrderLine; state: LineState; onChange: (s: LineState) => void }) {
  const name = line.variante?.designation ?? line.produit.designation
  const canReplace = line.remplacer !== false
  return (
    <ListGroup.Item as="li">
      <div className="d-flex justify-content-between gap-2">
        <div className="text-break">
          <span className="fw-semibold">{name}</span> <span className="text-muted small">{line.variante?.code ?? line.produit.code}</span>
          {!canReplace && (
            <Badge bg="warning" text="dark" className="ms-1">
              Ne pas remplacer
            </Badge>
          )}
        </div>
        <div className="text-nowrap">
          × {line.quantite} <span className="small text-muted">{formatPrix(line.prix)}</span>
        </div>
      </div>
      <div role="group" className="d-flex flex-wrap gap-2 mt-2" aria-label={`Préparation : ${name}`}>
        <Button size="sm" variant={state.mode === 'prepare' ? 'success' : 'outline-success'} aria-pressed={state.mode === 'prepare'} onClick={() => onChange({ mode: 'prepare', prepared: line.quantite, substitute: null })}>
          ✓ Préparé
        </Button>
        <Button
          size="sm"
          variant={state.mode === 'short' ? 'danger' : 'outline-danger'}
          aria-pressed={state.mode === 'short'}
          onClick={() => onChange({ mode: 'short', prepared: Math.max(0, line.quantite - 1), substitute: null })}
        >
          Manquant
        </Button>
        {canReplace && (
          <Button size="sm" variant={state.mode === 'replace' ? 'primary' : 'outline-primary'} aria-pressed={state.mode === 'replace'} onClick={() => onChange({ mode: 'replace', prepared: 0, substitute: null })}>
            Remplacer
          </Button>
        )}
      </div>
      {state.mode !== 'prepare' && (
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <span className="small">Préparés sur {line.quantite} :</span>
          <Stepper label={`Quantité préparée : ${name}`} value={state.prepared} min={0} max={line.quantite - 1} onChange={(prepared) => onChange({ ...state, prepared })} />
        </div>
      )}
      {state.mode === 'replace' && <SubstitutePicker line={line} missing={line.quantite - state.prepared} value={state.substitute} onChange={(substitute) => onChange({ ...state, substitute })} />}
    </ListGroup.Item>
  )
}

/** The body the server reads: every line, with what was prepared and its substitute. */
export function preparationBody(order: OrderDetail, states: ReadonlyMap<number, LineState>): PreparationBody {
  return {
    lignes: order.lignes
      .filter((l) => l.remplace == null)
      .map((line) => {
        const state = states.get(keyOf(line))
        return {
          produit: line.produit.id,
          ...(line.variante ? { variante: line.variante.id } : {}),
          quantite_preparee: state ? state.prepared : line.quantite,
          ...(state?.substitute ? { remplacement: { produit: state.substitute.produit, variante: state.substitute.variante, quantite: state.substitute.quantite } } : {}),
        }
      }),
  }
}

export function PreparationPage() {
  const { numero = '' } = useParams()
  const { data: order, error } = useOrder(numero)
  const prepare = usePrepareOrder(numero)
  const navigate = useNavigate()
  const [states, setStates] = useState<Map<number, LineState>>(new Map())

  if (error) return <Alert variant="danger">{error instanceof ApiError && error.status === 404 ? 'Cette commande est introuvable.' : "Une erreur s'est produite lors du chargement de la commande."}</Alert>
  if (!order) return <Spinner animation="border" role="status" aria-label="Chargement" />
  const back = (
    <Link to={`/commandes/${encodeURIComponent(order.numero)}`} className="small">
      Retour à la commande
    </Link>
  )
  if (order.etat !== 'en_preparation' || order.preparee)
    return (
      <>
        <h1 className="h4">Préparer la commande {order.numero}</h1>
        <Alert variant="info">{order.preparee ? 'Cette commande a déjà été préparée.' : 'Seule une commande « En préparation » peut être préparée.'}</Alert>
        {back}
      </>
    )

  const lines = order.lignes.filter((l) => l.remplace == null)
  const groups = new Map<string, OrderLine[]>()
  for (const line of lines) {
    const category = line.categorie ?? 'Autres'
    groups.set(category, [...(groups.get(category) ?? []), line])
  }
  const stateOf = (line: OrderLine): LineState => states.get(keyOf(line)) ?? { mode: 'prepare', prepared: line.quantite, substitute: null }
  const preview = preparationPreview(order, states)
  const missingSubstitute = [...states.values()].some((s) => s.mode === 'replace' && !s.substitute)

  const submit = () =>
    prepare.mutate(preparationBody(order, states), {
      onSuccess: (next) => {
        toast.success(`Commande ${next.numero} préparée`)
        void navigate(`/commandes/${encodeURIComponent(next.numero)}`)
      },
      onError: (err) => void toast.error(errorMessage(err)),
    })

  return (
    <>
      <h1 className="h4 mb-1">Préparer la commande {order.numero}</h1>
      <p className="mb-3">{back}</p>
      {order.note_preparation && (
        <Alert variant="warning" className="text-break">
          <strong>Note du client :</strong> {order.note_preparation}
        </Alert>
      )}
      {[...groups].map(([category, group]) => (
        <Card key={category} className="mb-3">
          <Card.Header as="h2" className="h6">
            {category}
          </Card.Header>
          <ListGroup variant="flush" as="ul">
            {group.map((line) => (
              <PickingLine key={keyOf(line)} line={line} state={stateOf(line)} onChange={(s) => setStates((all) => new Map(all).set(keyOf(line), s))} />
            ))}
          </ListGroup>
        </Card>
      ))}
      <Card body className="mb-3" aria-label="Résumé de la préparation">
        <dl className="row mb-0">
          <dt className="col-7">Ancien total</dt>
          <dd className="col-5 text-end text-nowrap">{formatPrix(order.total)}</dd>
          <dt className="col-7">Nouveau total</dt>
          <dd className="col-5 text-end text-nowrap fw-bold">{formatPrix(preview.total)}</dd>
          {preview.refund > 0 && (
            <>
              <dt className="col-7">À rembourser</dt>
              <dd className="col-5 text-end text-nowrap">{formatPrix(preview.refund)}</dd>
            </>
          )}
          {preview.cash && (
            <>
              <dt className="col-7">À encaisser à la livraison</dt>
              <dd className="col-5 text-end text-nowrap">{formatPrix(preview.total)}</dd>
            </>
          )}
          {preview.supplement > 0 && (
            <>
              <dt className="col-7">Supplément non facturé</dt>
              <dd className="col-5 text-end text-nowrap">{formatPrix(preview.supplement)}</dd>
            </>
          )}
        </dl>
        {preview.refund > 0 && <p className="small mb-0 mt-2">{refundDestination(order, preview.refund)} dès la validation.</p>}
        {preview.supplement > 0 && (
          <p className="small mb-0 mt-2">
            {/* Paid online too, the difference is offered and then collected at delivery (ADR 058). */}
            {preview.cash ? 'Le client recevra un lien pour accepter de payer la différence.' : 'Le client recevra un lien pour accepter de payer la différence à la livraison ; sinon, le remplacement est facturé au prix du produit manquant.'}
          </p>
        )}
      </Card>
      {missingSubstitute && <p className="small text-danger">Choisissez le produit de remplacement, ou « Manquant ».</p>}
      <Button size="lg" className="w-100 mb-4" disabled={prepare.isPending || missingSubstitute} onClick={submit}>
        {prepare.isPending ? 'Envoi…' : 'Valider la préparation'}
      </Button>
    </>
  )
}
