// Unknown paths: the 404 page of the spec inside the shell, a way home, and the routing
// error in the console.
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { isRouteErrorResponse } from 'react-router'
import { renderApp } from '@/testing/render-app.tsx'

describe('not-found route', () => {
  it("shows '404', 'Oops! Page not found.' and a way home, and logs the error", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, router } = renderApp('/nimporte-quoi')

    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument()
    expect(screen.getByText('Oops! Page not found.')).toBeInTheDocument()
    const home = screen.getByRole('link', { name: 'Return to Home' })
    expect(home).toHaveAttribute('href', '/')
    // Inside the shell: the header is still there.
    expect(screen.getByPlaceholderText('Rechercher un produit...')).toBeInTheDocument()

    // The routing error goes to the console, naming the path or as React Router's 404.
    expect(consoleError).toHaveBeenCalled()
    const logged = consoleError.mock.calls.map(([error]) => error as unknown)
    expect(logged.some((error) => (isRouteErrorResponse(error) && error.status === 404) || String(error).includes('/nimporte-quoi'))).toBe(true)

    await user.click(home)
    expect(router.state.location.pathname).toBe('/')
    expect(await screen.findByRole('region', { name: 'Pourquoi nous choisir ?' })).toBeInTheDocument()
  })

  it('treats a nested unknown path the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/profile/inconnu/42')
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument()
  })
})
