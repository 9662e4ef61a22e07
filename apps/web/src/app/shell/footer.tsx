// The footer (spec §2): the shop's plain links (not router routes) and its copyright line.
import { usePreferences } from '@/features/catalogue/api/get-catalogue-reference.ts'
import { SHOP_GRID_LINKS } from './shop-links.ts'

const LINKS = [
  ...SHOP_GRID_LINKS,
  { href: '/contact', label: 'Contact' },
  { href: '/livraison', label: 'Livraison' },
  { href: '/cgv', label: 'CGV' },
  { href: '/faq', label: 'FAQ' },
]

export function Footer() {
  const { data: preferences } = usePreferences()
  return (
    <footer className="site-footer mt-5 py-4">
      <div className="container-xxl">
        <nav aria-label="Liens utiles">
          <ul className="list-unstyled d-flex flex-wrap gap-3 mb-3">
            {LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {preferences && (
          <address className="small mb-2">
            {preferences.lieu && <span>{preferences.lieu}</span>}
            {preferences.telephone && (
              <a href={`tel:${preferences.telephone.replace(/\s/g, '')}`}>
                {preferences.telephone}
              </a>
            )}
            {preferences.email && <a href={`mailto:${preferences.email}`}>{preferences.email}</a>}
          </address>
        )}
        <p className="small mb-0">© {new Date().getFullYear()} Teranga. Tous droits réservés.</p>
      </div>
    </footer>
  )
}
