// The left category tree of the home page: categories open their sub-categories on hover
// (and on keyboard focus); leaves lead to /product_bycat/{id}.
import { Link } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import type { Categorie } from '@teranga/shared/storefront-answers'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useCategories } from '../api/get-catalogue-reference.ts'

export function CategoryTree({ categories, onNavigate }: { categories: Categorie[]; onNavigate?: () => void }) {
  return (
    <ul className="category-menu list-unstyled mb-0">
      {categories.map((categorie) => (
        <li key={categorie.id} className="category-menu-item">
          <span className="category-menu-label" tabIndex={0} aria-haspopup="true">
            {categorie.designation}
          </span>
          <ul className="category-submenu list-unstyled" aria-label={categorie.designation}>
            {categorie.souscategories.map((sous) => (
              <li key={sous.id}>
                <Link to={`/product_bycat/${sous.id}`} onClick={onNavigate}>
                  {sous.designation}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}

export function CategoryMenu() {
  const { data, isPending, isError, refetch } = useCategories()
  return (
    <nav aria-label="Catégories" className="category-menu-panel">
      <h2 className="h6 text-uppercase text-body-secondary px-3 pt-3">Catégories</h2>
      {isError ? (
        <ErrorAlert message={MESSAGES.categoriesLoadError} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Spinner />
      ) : (
        <CategoryTree categories={data} />
      )}
    </nav>
  )
}
