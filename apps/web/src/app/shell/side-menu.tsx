// The mobile side menu titled 'Menu': the main links, the shop's grids (as the footer has
// them: on a phone the footer is far below) and the category tree.
import Offcanvas from 'react-bootstrap/Offcanvas'
import { NavLink } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useCategories } from '@/features/catalogue/api/get-catalogue-reference.ts'
import { CategoryTree } from '@/features/catalogue/components/category-menu.tsx'
import { SHOP_GRID_LINKS } from './shop-links.ts'

export default function SideMenu({ show, onClose }: { show: boolean; onClose: () => void }) {
  const categories = useCategories()
  return (
    <Offcanvas show={show} onHide={onClose} placement="start" aria-labelledby="side-menu-title">
      <Offcanvas.Header closeButton closeLabel="Fermer le menu">
        <Offcanvas.Title id="side-menu-title" as="h2" className="h5">
          Menu
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <nav aria-label="Navigation principale" className="mb-3">
          <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
            <li>
              <NavLink to="/" end onClick={onClose}>
                Accueil
              </NavLink>
            </li>
            {SHOP_GRID_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} onClick={onClose}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/cart" onClick={onClose}>
                Mon panier
              </NavLink>
            </li>
            <li>
              <NavLink to="/faq" onClick={onClose}>
                Questions fréquentes
              </NavLink>
            </li>
          </ul>
        </nav>
        <h3 className="h6 text-uppercase text-body-secondary">Catégories</h3>
        {categories.isError ? (
          <ErrorAlert message={MESSAGES.categoriesLoadError} onRetry={() => void categories.refetch()} />
        ) : categories.isPending ? (
          <Spinner />
        ) : (
          <CategoryTree categories={categories.data} onNavigate={onClose} />
        )}
      </Offcanvas.Body>
    </Offcanvas>
  )
}
