// The settings as one page per section under /parametres/…, and their index: on a phone a
// section is a short page to reach and leave, not a place in one long scroll.
import type { ReactNode } from 'react'
import { Link, Route, Routes } from 'react-router'
import { Card, ListGroup } from 'react-bootstrap'
import { AlertsSettings } from './alerts-settings.tsx'
import { BillingSettingsForm } from './billing-settings.tsx'
import { CategoriesSettings, SubcategoriesSettings } from './categories-settings.tsx'
import { DepotsSettings } from './depots-settings.tsx'
import { PagesSettings } from './pages-settings.tsx'
import { PaymentModesSettings } from './payment-modes-settings.tsx'
import { PreferencesSettings } from './preferences-settings.tsx'
import { SlidesSettings } from './slides-settings.tsx'
import { FermeturesSettings, SlotsSettings } from './slots-settings.tsx'
import { TiersSettings } from './tiers-settings.tsx'
import { ZonesSettings } from './zones-settings.tsx'

/** A card of a section's page: its heading, then what the section edits. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  )
}

export interface SettingsSection {
  path: string
  title: string
  description: string
  /** The page's cards, by their heading (the section's title when it has one card). */
  cards: Array<{ title?: string; content: ReactNode }>
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  { path: 'zones', title: 'Zones de livraison', description: 'Les quartiers livrés et leurs frais', cards: [{ content: <ZonesSettings /> }] },
  {
    path: 'creneaux',
    title: 'Créneaux de livraison',
    description: 'Les créneaux par jour, leur capacité et leurs zones ; les jours de fermeture',
    cards: [{ title: 'Créneaux', content: <SlotsSettings /> }, { title: 'Fermetures', content: <FermeturesSettings /> }],
  },
  { path: 'paiement', title: 'Modes de paiement', description: 'Ceux proposés aux clients, et leur ordre', cards: [{ content: <PaymentModesSettings /> }] },
  { path: 'depots', title: 'Dépôts', description: 'Les points de retrait, leur position et leur ordre', cards: [{ title: 'Dépôts (retrait)', content: <DepotsSettings /> }] },
  {
    path: 'categories',
    title: 'Catégories',
    description: 'Les catégories du catalogue et leurs sous-catégories',
    cards: [{ content: <CategoriesSettings /> }, { title: 'Sous-catégories', content: <SubcategoriesSettings /> }],
  },
  { path: 'diaporama', title: "Diaporama de l'accueil", description: "Les diapositives en haut de la page d'accueil", cards: [{ content: <SlidesSettings /> }] },
  { path: 'fidelite', title: 'Niveaux de fidélité', description: 'Les seuils de points et leurs avantages', cards: [{ content: <TiersSettings /> }] },
  { path: 'coordonnees', title: 'Coordonnées et promotions', description: 'Téléphone, WhatsApp, e-mail, horaires, position, logo et images de promotion', cards: [{ content: <PreferencesSettings /> }] },
  { path: 'alertes', title: 'Alertes', description: 'Stock bas, résumé du jour, commandes non payées et paiements échoués : ce que reçoivent les numéros de « Coordonnées »', cards: [{ content: <AlertsSettings /> }] },
  { path: 'facturation', title: 'Facturation', description: 'Identité légale sur les factures (NINEA, RCCM), pied de facture et TVA', cards: [{ content: <BillingSettingsForm /> }] },
  { path: 'pages', title: 'Pages du site', description: 'CGV, FAQ, livraison et contact : leur texte, leur titre et leur description', cards: [{ content: <PagesSettings /> }] },
]

function SettingsIndexPage() {
  return (
    <>
      <h1 className="h3 mb-3">Paramètres</h1>
      <ListGroup as="ul" aria-label="Sections des paramètres">
        {SETTINGS_SECTIONS.map((section) => (
          <ListGroup.Item as="li" key={section.path} className="p-0">
            <Link to={`/parametres/${section.path}`} className="d-block px-3 py-2 text-reset text-decoration-none">
              <span className="d-block fw-semibold text-primary">{section.title}</span>
              <span className="d-block small text-muted">{section.description}</span>
            </Link>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </>
  )
}

function SettingsSectionPage({ section }: { section: SettingsSection }) {
  return (
    <>
      <nav aria-label="Fil d'Ariane" className="mb-2">
        <Link to="/parametres">← Paramètres</Link>
      </nav>
      <h1 className="h3 mb-3">{section.title}</h1>
      <div className="d-grid gap-3 settings-section">
        {section.cards.map((card, index) => (
          <Section key={index} title={card.title ?? section.title}>
            {card.content}
          </Section>
        ))}
      </div>
    </>
  )
}

/** Everything under /parametres: the index, each section, and a French « not found » for the rest. */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route index element={<SettingsIndexPage />} />
      {SETTINGS_SECTIONS.map((section) => (
        <Route key={section.path} path={section.path} element={<SettingsSectionPage section={section} />} />
      ))}
      <Route
        path="*"
        element={
          <section className="py-3">
            <h1 className="h3 mb-3">Cette page n'existe pas</h1>
            <Link to="/parametres">Retour aux paramètres</Link>
          </section>
        }
      />
    </Routes>
  )
}
