// A list's text filter shows what is typed at once, while the URL it writes catches up in the
// router's transition; it takes the URL's value again only when that changes otherwise.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SearchBox } from './list-filters.tsx'

describe('SearchBox', () => {
  it('keeps every letter typed before the URL has caught up, and follows a URL cleared or changed otherwise', async () => {
    const onChange = vi.fn<(value: string) => void>()
    const box = (value: string | null) => <SearchBox label="Zone" placeholder="Zone" value={value} onChange={onChange} />
    // The URL does not move while typing: as while the router's transition is still running.
    const { rerender } = render(box(null))
    await userEvent.type(screen.getByLabelText('Zone'), 'Mermoz')
    expect(screen.getByLabelText('Zone')).toHaveValue('Mermoz')
    expect(onChange).toHaveBeenLastCalledWith('Mermoz')

    // The URL's earlier values arrive late, then the last one: the box keeps what was typed.
    rerender(box('Me'))
    expect(screen.getByLabelText('Zone')).toHaveValue('Mermoz')
    rerender(box('Mermoz'))
    expect(screen.getByLabelText('Zone')).toHaveValue('Mermoz')

    // « Effacer les filtres », then "back" to another zone.
    rerender(box(null))
    expect(screen.getByLabelText('Zone')).toHaveValue('')
    rerender(box('Plateau'))
    expect(screen.getByLabelText('Zone')).toHaveValue('Plateau')
  })
})
