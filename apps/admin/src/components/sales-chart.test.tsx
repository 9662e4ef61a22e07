// The home page's sales chart labels its days in French, day before month, as Dakar counts
// them (« 30 oct. »), not uPlot's US default (« 10/30 »). uPlot draws on a canvas jsdom lacks:
// it is replaced by a stand-in that keeps the options the chart gave it.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAdmin } from '../testing/render.tsx'

interface Axis {
  values?: (self: unknown, ticks: number[]) => string[]
}
const drawn = vi.hoisted(() => [] as Array<{ axes: Axis[]; tzDate?: (seconds: number) => Date }>)

vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date
    constructor(options: { axes: Axis[] }) {
      drawn.push(options)
    }
    destroy() {}
  },
}))

/** Midnight in Dakar (UTC+0, no summer time) of a day, in seconds as uPlot's ticks are. */
const tick = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000

describe('sales chart', () => {
  beforeEach(() => {
    drawn.length = 0
    // jsdom lays nothing out: the chart draws only into an element with a width.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600)
  })
  afterEach(() => vi.restoreAllMocks())

  it('writes the days of its axis in French, day before month, in Dakar', async () => {
    renderAdmin('/')
    await screen.findByRole('heading', { name: "Aujourd'hui" })
    await waitFor(() => expect(drawn).toHaveLength(1))
    const days = drawn[0]!.axes[0]!.values
    expect(days).toBeTypeOf('function')
    expect(days!(null, [tick('2026-10-30'), tick('2026-11-01'), tick('2026-11-24')])).toEqual(['30 oct.', '1 nov.', '24 nov.'])
    // A tick late in the evening is still that day in Dakar, whatever the browser's zone.
    expect(days!(null, [Date.parse('2026-10-30T23:30:00Z') / 1000])).toEqual(['30 oct.'])
    // The amounts' axis keeps thousands of FCFA.
    expect(drawn[0]!.axes[1]!.values!(null, [0, 20000])).toEqual(['0 k', '20 k'])
    expect(drawn[0]!.tzDate).toBeTypeOf('function')
  })
})
