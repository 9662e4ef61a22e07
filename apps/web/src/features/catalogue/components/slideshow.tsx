// The home slideshow: a slide every 3 s, paused while the pointer is over it or a control
// has focus (spec §2). Hand-written rather than react-bootstrap's Carousel, which with its
// transition library weighs more than the rest of the home page (docs/decisions/007).
import { useEffect, useState } from 'react'
import { SLIDESHOW_INTERVAL_MS } from '@teranga/shared/constants'
import { IMAGE_SIZES } from '@teranga/shared/media'
import { Icon } from '@/components/ui/icon.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { useSlides } from '../api/get-catalogue-reference.ts'

const SLIDE_SIZES = IMAGE_SIZES.slide

export function Slideshow() {
  const { data: slides = [] } = useSlides()
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const count = slides.length
  const paused = hovered || focused

  useEffect(() => {
    if (paused || count < 2) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDESHOW_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [paused, count])

  if (count === 0) return <div className="slideshow-frame" aria-hidden="true" />
  const current = index % count
  const go = (next: number) => setIndex((next + count) % count)

  return (
    <section
      className="slideshow-frame slideshow"
      aria-roledescription="carrousel"
      aria-label="Nos offres du moment"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      data-paused={paused}
    >
      {slides.map((slide, i) => (
        <div
          key={slide.id}
          className={`slide ${i === current ? 'active' : ''}`}
          role="group"
          aria-roledescription="diapositive"
          aria-label={`${i + 1} sur ${count}`}
          aria-hidden={i !== current}
        >
          <ResponsiveImage
            src={slide.image}
            srcSet={slide.imagesrcset}
            alt={slide.titre ?? ''}
            width={1280}
            height={480}
            sizes={SLIDE_SIZES}
            priority={i === 0}
            className="slideshow-image"
          />
          {(slide.titre || slide.description) && (
            <div className="slideshow-caption">
              {slide.titre && <p className="h5 mb-1">{slide.titre}</p>}
              {slide.description && <p className="mb-0 small">{slide.description}</p>}
            </div>
          )}
        </div>
      ))}
      {count > 1 && (
        <>
          <button type="button" className="slideshow-control prev" aria-label="Diapositive précédente" onClick={() => go(current - 1)}>
            <Icon name="chevronLeft" size={22} />
          </button>
          <button type="button" className="slideshow-control next" aria-label="Diapositive suivante" onClick={() => go(current + 1)}>
            <Icon name="chevronRight" size={22} />
          </button>
          <div className="slideshow-dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className={i === current ? 'active' : ''}
                aria-label={`Afficher la diapositive ${i + 1}${slide.titre ? ` : ${slide.titre}` : ''}`}
                aria-current={i === current}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  )
}
