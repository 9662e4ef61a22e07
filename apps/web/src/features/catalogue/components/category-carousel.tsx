// The sub-category strip above the home grid: 'Tous les produits' first (clears the
// filter), then each sub-category; choosing one filters the grid.
import { MESSAGES } from '@teranga/shared/messages'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { useSubcategories } from '../api/get-catalogue-reference.ts'

export function CategoryCarousel({ selected, onSelect }: { selected: number | undefined; onSelect: (id: number | undefined) => void }) {
  const { data, isError, refetch } = useSubcategories()
  if (isError) return <ErrorAlert message={MESSAGES.categoriesLoadError} onRetry={() => void refetch()} />
  return (
    <div className="category-strip" role="group" aria-label="Filtrer par catégorie">
      <button type="button" className="category-chip" aria-pressed={selected === undefined} onClick={() => onSelect(undefined)}>
        <span className="category-chip-all" aria-hidden="true">★</span>
        <span>Tous les produits</span>
      </button>
      {(data ?? []).map((sous) => (
        <button key={sous.id} type="button" className="category-chip" aria-pressed={selected === sous.id} onClick={() => onSelect(sous.id)}>
          <ResponsiveImage src={sous.image} srcSet={sous.imagesrcset} alt="" width={48} height={48} sizes="48px" />
          <span>{sous.designation}</span>
        </button>
      ))}
    </div>
  )
}
