// The 30-day sales curve (uPlot), drawn once the element has a width; a table says the same
// for screen readers and for browsers without canvas.
import { useEffect, useRef } from 'react'
import 'uplot/dist/uPlot.min.css'
import { formatDayOf, formatFcfa, SHOP_TIME_ZONE } from '../lib/format.ts'

export interface SalesPoint {
  jour: string
  montant: number
  commandes: number
}

export default function SalesChart({ points, caption = 'Ventes des 30 derniers jours' }: { points: SalesPoint[]; caption?: string }) {
  const element = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = element.current
    if (!target || typeof HTMLCanvasElement === 'undefined' || !target.clientWidth) return
    let plot: { destroy(): void } | undefined
    let cancelled = false
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return
      const xs = points.map((p) => Date.parse(`${p.jour}T12:00:00Z`) / 1000)
      plot = new UPlot(
        {
          width: target.clientWidth,
          height: 200,
          series: [{}, { label: 'Ventes', stroke: '#00763a', fill: 'rgba(0,118,58,0.1)', value: (_u, v) => (v == null ? '' : formatFcfa(v)) }],
          // uPlot's own axis writes US dates (« 10/30 ») in the browser's zone: days in Dakar, in French.
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), SHOP_TIME_ZONE),
          axes: [{ values: (_u, ticks) => ticks.map((t) => formatDayOf(new Date(t * 1000))) }, { values: (_u, ticks) => ticks.map((t) => `${Math.round(t / 1000)} k`) }],
          legend: { show: false },
        },
        [xs, points.map((p) => p.montant)],
        target,
      )
    })
    return () => {
      cancelled = true
      plot?.destroy()
    }
  }, [points])
  return (
    <figure className="mb-0">
      <div ref={element} aria-hidden="true" style={{ minHeight: 200 }} />
      <figcaption className="visually-hidden">{caption}</figcaption>
    </figure>
  )
}
