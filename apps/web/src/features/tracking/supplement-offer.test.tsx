// The tracking page opened from the preparation's link to accept a dearer substitute (issue 25
// §2, ADR 055), on the whole route with canned answers: the offer and the current amount, the
// acceptance sent with the link's key, the order read again with its new amount; a refusal
// (nothing to accept) is said with the server's French message.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { formatPrix } from '@teranga/shared/money'
import type { SuiviPage } from '@teranga/shared/order-messages'
import { PREPARATION_MESSAGES } from '@teranga/shared/preparation'
import { renderApp } from '@/testing/render-app.tsx'
import { operationName, restCalls, server } from '@/testing/server.ts'

const KEY = 'AbCdEfGhIjKlMnOpQrStUv'
const SUPPLEMENT = 'ZyXwVuTsRqPoNmLkJiHgFe'

const suivi: SuiviPage = {
  numerocommande: 'TRG-261129-K7MQ2X',
  etat: 'en_preparation',
  etat_text: 'En préparation',
  etat_badge: 'info',
  created_at_fr: '29/11/2026 10:15',
  modelivraison: 'Livraison à domicile',
  montantcommande: 4000,
  montantliv: 1000,
  remise: 0,
  montanttotal: 5000,
  lignes: [{ designation: 'Beurre 500 g', quantite: 1, prix: 1800 }],
  livreur: null,
  rembourse: 0,
  remboursements: [],
}

/** The tracking answer: before, then after the acceptance (800 more). */
function serve(accept: () => Response, paidOnline = false, retrait = false) {
  let accepted = false
  server.use(
    http.post('*/graphql', async ({ request }) => {
      const { query } = (await request.clone().json()) as { query: string }
      if (operationName(query) !== 'Suivi') return undefined
      // Paid online, the tracking answer says what is left to pay at delivery (ADR 058).
      return HttpResponse.json({ data: { suivi: accepted ? { ...suivi, montantcommande: 4800, montanttotal: 5800, supplement_a_payer: paidOnline ? 800 : null, retrait } : suivi } })
    }),
    http.post('*/api/suivi/:numero/supplement', () => {
      const answer = accept()
      if (answer.status === 200) accepted = true
      return answer
    }),
  )
}

const shown = (amount: number) => formatPrix(amount).replaceAll('\u00a0', ' ')

describe('tracking page: a dearer substitute', () => {
  it('offers to pay the difference, sends the link’s key, then shows the new amount', async () => {
    serve(() => HttpResponse.json({ commande: suivi }))
    const { user } = renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}&s=${SUPPLEMENT}`)
    const offer = await screen.findByRole('region', { name: 'Produit de remplacement' })
    expect(offer).toHaveTextContent(`vous payez le prix du produit manquant (${shown(5000)} en tout)`)
    await user.click(within(offer).getByRole('button', { name: 'Accepter de payer la différence' }))
    expect(await within(offer).findByRole('status')).toHaveTextContent(`Montant à payer à la livraison : ${shown(5800)}`)
    expect(restCalls('POST', `/api/suivi/${suivi.numerocommande}/supplement`)[0]?.body).toEqual({ k: SUPPLEMENT })
  })

  it('paid online: once accepted, the page says the supplement is paid at delivery, not the whole total', async () => {
    serve(() => HttpResponse.json({ commande: suivi }), true)
    const { user } = renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}&s=${SUPPLEMENT}`)
    const offer = await screen.findByRole('region', { name: 'Produit de remplacement' })
    await user.click(within(offer).getByRole('button', { name: 'Accepter de payer la différence' }))
    const due = `Supplément de ${shown(800)} à payer à la livraison`
    expect(await within(offer).findByRole('status')).toHaveTextContent(due)
    expect(within(offer).getByRole('status')).not.toHaveTextContent('Montant à payer')
    expect(await screen.findByTestId('supplement-due')).toHaveTextContent(due)
  })

  it('a pickup at a depot: the supplement, and a cash total, are « à payer au retrait »', async () => {
    serve(() => HttpResponse.json({ commande: suivi }), true, true)
    const { user, unmount } = renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}&s=${SUPPLEMENT}`)
    let offer = await screen.findByRole('region', { name: 'Produit de remplacement' })
    await user.click(within(offer).getByRole('button', { name: 'Accepter de payer la différence' }))
    const due = `Supplément de ${shown(800)} à payer au retrait`
    expect(await within(offer).findByRole('status')).toHaveTextContent(due)
    expect(await screen.findByTestId('supplement-due')).toHaveTextContent(due)
    expect(document.body).not.toHaveTextContent('à payer à la livraison')
    unmount()
    serve(() => HttpResponse.json({ commande: suivi }), false, true)
    const second = renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}&s=${SUPPLEMENT}`)
    offer = await screen.findByRole('region', { name: 'Produit de remplacement' })
    await second.user.click(within(offer).getByRole('button', { name: 'Accepter de payer la différence' }))
    expect(await within(offer).findByRole('status')).toHaveTextContent(`Montant à payer au retrait : ${shown(5800)}`)
  })

  it('a delivered order: nothing due is shown (the server answers no supplement once delivered)', async () => {
    server.use(
      http.post('*/graphql', async ({ request }) => {
        const { query } = (await request.clone().json()) as { query: string }
        if (operationName(query) !== 'Suivi') return undefined
        return HttpResponse.json({ data: { suivi: { ...suivi, etat: 'livree', etat_text: 'Livrée', etat_badge: 'success', supplement_a_payer: null } } })
      }),
    )
    renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}`)
    await screen.findByRole('heading', { name: `Suivi de la commande ${suivi.numerocommande}` })
    expect(screen.queryByTestId('supplement-due')).not.toBeInTheDocument()
  })

  it('says the server’s refusal', async () => {
    serve(() => HttpResponse.json({ message: PREPARATION_MESSAGES.supplementNone }, { status: 409 }))
    const { user } = renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}&s=${SUPPLEMENT}`)
    const offer = await screen.findByRole('region', { name: 'Produit de remplacement' })
    await user.click(within(offer).getByRole('button', { name: 'Accepter de payer la différence' }))
    expect(await within(offer).findByRole('alert')).toHaveTextContent(PREPARATION_MESSAGES.supplementNone)
  })

  it('offers nothing on a plain tracking link', async () => {
    serve(() => HttpResponse.json({ commande: suivi }))
    renderApp(`/suivi/${suivi.numerocommande}?k=${KEY}`)
    await screen.findByRole('heading', { name: `Suivi de la commande ${suivi.numerocommande}` })
    expect(screen.queryByRole('region', { name: 'Produit de remplacement' })).not.toBeInTheDocument()
  })
})
