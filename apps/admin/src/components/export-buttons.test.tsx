// The exports' buttons (issue 26 §2, ADR 060) on the orders, products, customers, cash and
// audit pages: « Exporter (CSV) » and « Exporter (Excel) » download the list's filters with the
// token; the customers' export is an admin's, the addresses only when asked; a refusal is told.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, shopDay } from '@teranga/shared/shop-day'
import { renderAdmin, seriousViolations } from '../testing/render.tsx'
import { ADMIN, MANAGER, requests, server } from '../testing/server.ts'

let click: ReturnType<typeof vi.spyOn>
const downloaded: string[] = []
const asked: Array<{ url: URL; authorization: string | null }> = []

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export')
  URL.revokeObjectURL = vi.fn()
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloaded.push(this.download)
  })
  server.use(
    // Put before the shared handlers, which record the requests: recorded here.
    http.get('*/api/:list/export.:format', ({ request }) => {
      asked.push({ url: new URL(request.url), authorization: request.headers.get('authorization') })
      return new HttpResponse('\ufeffA;B\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
    }),
    http.get('*/api/caisse', () => HttpResponse.json([])),
    http.get('*/api/caisse/jours', () => HttpResponse.json([])),
    http.get('*/api/livreur', () => HttpResponse.json([])),
  )
})
afterEach(() => {
  click.mockRestore()
  downloaded.length = 0
  asked.length = 0
})

const exportsOf = (pathname: string) => asked.filter((r) => r.url.pathname === pathname)
const today = new Date().toISOString().slice(0, 10)

async function download(button: 'Exporter (CSV)' | 'Exporter (Excel)', pathname: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }))
  await waitFor(() => expect(exportsOf(pathname)).toHaveLength(1))
  const asked = exportsOf(pathname)[0]!
  expect(asked.authorization).toBe('Bearer api-token')
  return Object.fromEntries(asked.url.searchParams)
}

describe('export buttons', () => {
  it('orders: the Excel file with the list’s filters, named by the day', async () => {
    renderAdmin('/commandes?etat=livree&zone=Mermoz&page=2', { me: MANAGER })
    await screen.findByRole('link', { name: 'T-000123' })
    expect(await download('Exporter (Excel)', '/api/commande/export.xlsx')).toEqual({ etat: 'livree', zone: 'Mermoz', sort: 'datecomm', dir: 'desc' })
    await waitFor(() => expect(downloaded).toEqual([`commandes-${today}.xlsx`]))
  })

  it('products: CSV and Excel', async () => {
    renderAdmin('/produits', { me: MANAGER })
    await download('Exporter (CSV)', '/api/produit/export.csv')
    await download('Exporter (Excel)', '/api/produit/export.xlsx')
    await waitFor(() => expect(downloaded).toEqual([`produits-${today}.csv`, `produits-${today}.xlsx`]))
  })

  it('customers: an admin’s, without addresses unless « Avec les adresses » is on', async () => {
    renderAdmin('/clients?q=Sarr', { me: ADMIN })
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument()
    expect(await download('Exporter (CSV)', '/api/client/export.csv')).toEqual({ q: 'Sarr' })
    await userEvent.click(screen.getByLabelText('Avec les adresses'))
    expect(await download('Exporter (Excel)', '/api/client/export.xlsx')).toEqual({ q: 'Sarr', adresses: '1' })
    expect(await seriousViolations()).toEqual([])
  })

  it('customers: no export for a manager', async () => {
    renderAdmin('/clients', { me: MANAGER })
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Exporter (CSV)' })).toBeNull()
    expect(screen.queryByLabelText('Avec les adresses')).toBeNull()
  })

  it('cash: the last 30 days by default, another range when chosen', async () => {
    renderAdmin('/caisse', { me: MANAGER })
    const day = shopDay()
    expect(await download('Exporter (CSV)', '/api/caisse/export.csv')).toEqual({ du: addDays(day, -29), au: day })
    const du = screen.getByLabelText('Du')
    await userEvent.clear(du)
    await userEvent.type(du, addDays(day, -3))
    expect(await download('Exporter (Excel)', '/api/caisse/export.xlsx')).toEqual({ du: addDays(day, -3), au: day })
    expect(await seriousViolations()).toEqual([])
  })

  it('audit log: the journal’s filters; a refusal is told in French, the server’s own words', async () => {
    renderAdmin('/journal?resource=produit&resource_id=12', { me: ADMIN })
    expect(await download('Exporter (CSV)', '/api/audit/export.csv')).toEqual({ resource: 'produit', resource_id: '12' })
    expect(requests.some((r) => r.url.pathname === '/api/audit')).toBe(true)
    server.use(http.get('*/api/audit/export.xlsx', () => HttpResponse.json({ message: 'Réservé aux administrateurs.' }, { status: 403 })))
    await userEvent.click(screen.getByRole('button', { name: 'Exporter (Excel)' }))
    expect(await screen.findByText('Réservé aux administrateurs.')).toBeInTheDocument()
    // A lost connection has no message of the server's: the generic one.
    server.use(http.get('*/api/audit/export.xlsx', () => HttpResponse.error()))
    await userEvent.click(screen.getByRole('button', { name: 'Exporter (Excel)' }))
    expect(await screen.findByText("L'export a échoué. Réessayez.")).toBeInTheDocument()
  })

  it('cash: a 400 tells the server’s message naming what is wrong, not a generic failure', async () => {
    const message = 'L’export de la caisse couvre 366 jours au plus.'
    server.use(http.get('*/api/caisse/export.csv', () => HttpResponse.json({ message, errors: { du: [message] } }, { status: 400 })))
    renderAdmin('/caisse', { me: MANAGER })
    await userEvent.click(await screen.findByRole('button', { name: 'Exporter (CSV)' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.queryByText("L'export a échoué. Réessayez.")).toBeNull()
    expect(downloaded).toEqual([])
  })
})
