// Catalogue images: WebP renderings at several widths, always with width and height so the
// page never shifts while they load, lazy unless they are the first thing on screen.
import type { ImgHTMLAttributes } from 'react'

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  src: string | null
  srcSet?: string | null
  alt: string
  width: number
  height: number
  /** The `sizes` attribute: how wide the image is drawn, for the browser to pick a rendering. */
  sizes: string
  /** Above the fold: load at once and first. */
  priority?: boolean
}

export function ResponsiveImage({ src, srcSet, alt, width, height, sizes, priority = false, className, ...rest }: Props) {
  if (!src) {
    return <div className={`image-placeholder ${className ?? ''}`} style={{ aspectRatio: `${width} / ${height}` }} role="img" aria-label={alt} />
  }
  return (
    <img
      src={src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
      {...rest}
    />
  )
}
