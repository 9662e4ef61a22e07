// The two promotion images of the preferences, beside the slideshow: each a link to the
// products on sale (/promotions), named by its text (issue 23).
import { Link } from 'react-router'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { usePreferences } from '../api/get-catalogue-reference.ts'

export function Promotions() {
  const { data: preferences } = usePreferences()
  const images = [
    { src: preferences?.promotion ?? null, srcSet: preferences?.promotionsrcset ?? null, alt: 'Promotion de la semaine' },
    { src: preferences?.promotion2 ?? null, srcSet: preferences?.promotion2srcset ?? null, alt: 'Offre spéciale' },
  ]
  return (
    <div className="promotions">
      {images.map((image) => (
        <Link key={image.alt} to="/promotions" className="promotion-link">
          <ResponsiveImage {...image} width={640} height={320} sizes="(min-width: 992px) 20vw, 50vw" className="promotion-image" />
        </Link>
      ))}
    </div>
  )
}
