// The first admin's checklist (issue 23 §5, ADR 045): a production shop starts without a
// catalogue, zones, depots or contact details; until each is done the home page lists them,
// each ticked when done and linking to the page where it is done. Hidden once all are.
import { Link } from 'react-router'
import { Card, ListGroup } from 'react-bootstrap'
import type { SetupChecklist as Checklist, SetupStep } from '@teranga/shared/backoffice-settings'
import { useSetupChecklist } from './api/setup-checklist-api.ts'

const STEPS: Record<SetupStep, { label: string; hint: string; to: string }> = {
  categories: { label: 'Créer les catégories', hint: 'Au moins une catégorie et une sous-catégorie', to: '/parametres/categories' },
  produits: { label: 'Ajouter les produits', hint: 'Un à un ou par import CSV, avec prix et stock', to: '/produits' },
  zones: { label: 'Définir les zones de livraison', hint: 'Les quartiers livrés et leurs frais', to: '/parametres/zones' },
  depots: { label: 'Ajouter les dépôts', hint: 'Les points de retrait et leurs horaires', to: '/parametres/depots' },
  coordonnees: { label: 'Saisir les coordonnées', hint: 'Le téléphone et l’e-mail de la boutique', to: '/parametres/coordonnees' },
  cles: { label: 'Installer les clés', hint: 'Paiements et SMS réels (fichier de configuration du serveur)', to: '/parametres/paiement' },
}

const KEY_NAMES: Record<Checklist['cles_manquantes'][number], string> = { WAVE: 'Wave', PAYTECH: 'PayTech', SMS: 'SMS Orange' }

export function SetupChecklist({ enabled }: { enabled: boolean }) {
  const { data } = useSetupChecklist(enabled)
  if (!data || data.terminee) return null
  const done = data.etapes.filter((e) => e.fait).length
  return (
    <Card as="section" aria-labelledby="mise-en-route" className="mb-4 setup-checklist">
      <Card.Header>
        <h2 id="mise-en-route" className="h6 mb-0">
          Mise en route de la boutique
        </h2>
        <span className="small text-muted">
          {done} étape{done > 1 ? 's' : ''} sur {data.etapes.length} faite{done > 1 ? 's' : ''}
        </span>
      </Card.Header>
      <ListGroup as="ol" variant="flush" className="list-unstyled mb-0">
        {data.etapes.map(({ cle, fait }) => {
          const step = STEPS[cle]
          const hint = cle === 'cles' && !fait ? `Manquent : ${data.cles_manquantes.map((k) => KEY_NAMES[k]).join(', ')}` : step.hint
          return (
            <ListGroup.Item as="li" key={cle} className="p-0">
              <Link to={step.to} className="d-flex align-items-start gap-2 px-3 py-2 text-reset text-decoration-none setup-step" data-done={fait}>
                <span aria-hidden="true" className={`setup-tick ${fait ? 'text-success' : 'text-muted'}`}>
                  {fait ? '✓' : '○'}
                </span>
                <span className="min-w-0">
                  <span className={`d-block fw-semibold ${fait ? 'text-decoration-line-through text-muted' : 'text-primary'}`}>
                    {step.label}
                    <span className="visually-hidden">{fait ? ' : fait' : ' : à faire'}</span>
                  </span>
                  <span className="d-block small text-muted text-break">{hint}</span>
                </span>
              </Link>
            </ListGroup.Item>
          )
        })}
      </ListGroup>
    </Card>
  )
}
