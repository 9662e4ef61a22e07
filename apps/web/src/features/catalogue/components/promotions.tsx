// The two promotion images of the preferences, beside the slideshow.
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
        <ResponsiveImage key={image.alt} {...image} width={640} height={320} sizes="(min-width: 992px) 20vw, 50vw" className="promotion-image" />
      ))}
    </div>
  )
}
