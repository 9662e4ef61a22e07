// The grids' controls answer at once, before the address they change has caught up: on a slow
// phone the router's transition takes a moment, and a controlled box bound to the address alone
// stayed unticked meanwhile (the shop-pages end-to-end test caught it on a loaded machine).
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { GridState } from '@teranga/shared/catalogue-grid'
import { GridToolbar } from './grid-toolbar.tsx'

describe('GridToolbar', () => {
  it('shows a choice at once, and two choices quicker than the address both count', async () => {
    const user = userEvent.setup()
    // The address does not move: as while the router's transition is still running.
    const update = vi.fn<(next: Partial<GridState>) => void>()
    render(<GridToolbar state={{ page: 3 }} update={update} />)

    await user.selectOptions(screen.getByLabelText('Trier par'), 'Prix croissant')
    expect(screen.getByLabelText('Trier par')).toHaveValue('prix_croissant')
    await user.click(screen.getByLabelText('En stock uniquement'))
    expect(screen.getByLabelText('En stock uniquement')).toBeChecked()

    expect(update).toHaveBeenLastCalledWith({ page: 1, tri: 'prix_croissant', prix_min: undefined, prix_max: undefined, en_stock: true })
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }))
    expect(screen.getByLabelText('En stock uniquement')).not.toBeChecked()
    expect(update).toHaveBeenLastCalledWith({ page: 1, tri: 'prix_croissant', prix_min: undefined, prix_max: undefined, en_stock: undefined })
  })

  it('shows the address again when it changes otherwise ("back", a link)', async () => {
    const user = userEvent.setup()
    const update = vi.fn()
    const { rerender } = render(<GridToolbar state={{ page: 1 }} update={update} />)
    await user.click(screen.getByLabelText('En stock uniquement'))
    expect(screen.getByLabelText('En stock uniquement')).toBeChecked()

    rerender(<GridToolbar state={{ page: 1, tri: 'prix_decroissant' }} update={update} />)
    expect(screen.getByLabelText('Trier par')).toHaveValue('prix_decroissant')
    expect(screen.getByLabelText('En stock uniquement')).not.toBeChecked()
  })
})
