// Options and variants in the back office (ADR 053 §6, §7): generating the variants from the
// options (refused past 100), the table's editing and the body it sends, the server's errors
// on their cells, the bulk price dialog, the stock movement of a chosen variant, the list's
// « à partir de » and the import's preview by product.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES, type Product, type ProductVariant } from '@teranga/shared/backoffice-catalogue'
import { renderAdmin, seriousViolations } from '../../testing/render.tsx'
import { product, requests, server } from '../../testing/server.ts'
import { generateRows, suggestedCode, VARIANT_MESSAGES, type VariantRow } from './variant-rows.ts'
import { VARIANT_PICK_REQUIRED } from './stock-movements.tsx'

const variant = (overrides: Partial<ProductVariant>): ProductVariant => ({ ...product.variantes[0]!, ...overrides })

/** « Riz brisé parfumé » in two sizes: 5 kg (id 31) and 25 kg (id 32). */
const rice: Product = {
  ...product,
  id: 12,
  code: 'EPI-G01',
  designation: 'Riz brisé parfumé',
  prix: 4000,
  prix_fr: '4\u00a0000\u00a0FCFA',
  quantite: 142,
  options: [{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }],
  nb_variantes: 2,
  variantes: [
    variant({ id: 31, options: { Contenance: '5 kg' }, designation: 'Riz brisé parfumé 5 kg', position: 0, code: 'EPI-0001', prix: 4000, prix_fr: '4\u00a0000\u00a0FCFA', quantite: 140, stock_bas: false }),
    variant({ id: 32, options: { Contenance: '25 kg' }, designation: 'Riz brisé parfumé 25 kg', position: 1, code: 'EPI-0002', prix: 17500, prix_fr: '17\u00a0500\u00a0FCFA', quantite: 2, stock_bas: true }),
  ],
}

const serveRice = () => server.use(http.get('*/api/produit/:id', () => HttpResponse.json(rice)))
const sent = (method: string, path: string) => requests.filter((r) => r.method === method && r.url.pathname === path).map((r) => r.body)

/** Types a field's text at once (pasted, as a phone's keyboard suggestion is), then the keys after it. */
async function fill(input: HTMLElement, text: string, keys = '') {
  await userEvent.click(input)
  await userEvent.paste(text)
  if (keys) await userEvent.keyboard(keys)
}

/** Adds an option with these values through the editor, each value entered with Enter. */
async function addOption(index: number, nom: string, valeurs: string[]) {
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter une option' }))
  await fill(screen.getByLabelText(`Nom de l’option ${index + 1}`), nom)
  const input = screen.getByLabelText(`Ajouter une valeur à « ${nom} »`)
  for (const valeur of valeurs) await fill(input, valeur, '{Enter}')
}

// Whole forms typed on a phone-sized page: slower than a page test's default on a busy machine.
const FORM_TEST = 60_000

describe('the product form’s options and variants', () => {
  it('generates every combination with the product’s price, no stock and a suggested code, then sends the options and variants without a product-level price', async () => {
    renderAdmin('/produits/nouveau')
    await screen.findByRole('option', { name: 'Riz' }, { timeout: 10_000 })
    await userEvent.type(screen.getByLabelText('Désignation'), 'Riz brisé parfumé')
    await userEvent.type(screen.getByLabelText('Code'), 'RIZ')
    await userEvent.type(screen.getByLabelText('Prix (FCFA)'), '4000')
    await userEvent.type(screen.getByLabelText('Unité'), 'sac')
    await userEvent.selectOptions(screen.getByLabelText('Sous-catégorie'), '4')
    await addOption(0, 'Contenance', ['5 kg', '25 kg'])
    await addOption(1, 'Qualité', ['Extra'])
    // A value given twice is refused where it is typed.
    await userEvent.type(screen.getByLabelText('Ajouter une valeur à « Qualité »'), 'extra{Enter}')
    expect(screen.getByText(VARIANT_MESSAGES.valueTaken)).toBeInTheDocument()
    // With options, the stock and the price are each variant's.
    expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Prix des nouvelles variantes (FCFA)')).toHaveValue('4000')

    await userEvent.click(screen.getByRole('button', { name: 'Générer les variantes' }))
    const table = screen.getByRole('table', { name: 'Variantes' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByLabelText('Code de 5 kg · Extra')).toHaveValue('RIZ-5KG-EXTRA')
    expect(screen.getByLabelText('Code de 25 kg · Extra')).toHaveValue('RIZ-25KG-EXTRA')
    expect(screen.getByLabelText('Prix de 25 kg · Extra')).toHaveValue('4000')
    expect(screen.getByLabelText('Stock initial de 25 kg · Extra')).toHaveValue('0')

    await userEvent.clear(screen.getByLabelText('Prix de 25 kg · Extra'))
    await userEvent.type(screen.getByLabelText('Prix de 25 kg · Extra'), '17500')
    await userEvent.clear(screen.getByLabelText('Stock initial de 25 kg · Extra'))
    await userEvent.type(screen.getByLabelText('Stock initial de 25 kg · Extra'), '12')
    await userEvent.clear(screen.getByLabelText('Code de 5 kg · Extra'))
    await userEvent.type(screen.getByLabelText('Code de 5 kg · Extra'), 'EPI-0001')
    await userEvent.click(screen.getByRole('button', { name: 'Créer le produit' }))

    await waitFor(() => expect(sent('POST', '/api/produit')).toHaveLength(1))
    const body = sent('POST', '/api/produit')[0] as Record<string, unknown>
    expect(body).toMatchObject({
      designation: 'Riz brisé parfumé',
      code: 'RIZ',
      unite: 'sac',
      categorie_id: 4,
      options: [
        { nom: 'Contenance', valeurs: ['5 kg', '25 kg'] },
        { nom: 'Qualité', valeurs: ['Extra'] },
      ],
      variantes: [
        { options: { Contenance: '5 kg', Qualité: 'Extra' }, position: 0, code: 'EPI-0001', prix: 4000, qte: 0 },
        { options: { Contenance: '25 kg', Qualité: 'Extra' }, position: 1, code: 'RIZ-25KG-EXTRA', prix: 17500, qte: 12 },
      ],
    })
    for (const field of ['prix', 'qte', 'prix_promo', 'promo_debut', 'promo_fin']) expect(body).not.toHaveProperty(field)
    expect(await seriousViolations()).toEqual([])
  }, FORM_TEST)

  it('refuses past 100 combinations, and asks to generate again when the options changed since', async () => {
    renderAdmin('/produits/nouveau')
    await screen.findByRole('option', { name: 'Riz' }, { timeout: 10_000 })
    await addOption(0, 'Taille', ['XS', 'S', 'M', 'L', 'XL'])
    await addOption(1, 'Couleur', ['1', '2', '3', '4', '5'])
    await addOption(2, 'Tissu', ['a', 'b', 'c', 'd', 'e'])
    expect(screen.getByRole('button', { name: 'Ajouter une option' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Générer les variantes' }))
    expect(screen.getByText(VARIANT_MESSAGES.tooMany(125))).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Variantes' })).not.toBeInTheDocument()

    // 5 × 5 × 1 = 25: accepted (the bound itself, 100, is generateRows' test below).
    for (const value of ['b', 'c', 'd', 'e']) await userEvent.click(screen.getByRole('button', { name: `Retirer la valeur ${value}` }))
    await userEvent.click(screen.getByRole('button', { name: 'Générer les variantes' }))
    expect(screen.queryByText(VARIANT_MESSAGES.tooMany(125))).not.toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: 'Variantes' })).getAllByRole('row')).toHaveLength(26)

    // A value removed after generating: the rows are no longer the options'.
    await userEvent.click(screen.getByRole('button', { name: 'Retirer la valeur XL' }))
    await userEvent.click(screen.getByRole('button', { name: 'Créer le produit' }))
    expect(await screen.findByText(VARIANT_MESSAGES.generateAgain)).toBeInTheDocument()
    expect(sent('POST', '/api/produit')).toHaveLength(0)
  }, FORM_TEST)

  it('keeps the existing variants (their ids and stock) when generating again, and sends a stock movement with its motif', async () => {
    serveRice()
    renderAdmin('/produits/12')
    expect(await screen.findByLabelText('Code de 5 kg')).toHaveValue('EPI-0001')
    expect(screen.getByLabelText('Stock actuel de 25 kg')).toHaveTextContent('2')
    expect(screen.getByLabelText('Code du produit')).toHaveValue('EPI-G01')

    await userEvent.type(screen.getByLabelText('Ajouter une valeur à « Contenance »'), '50 kg{Enter}')
    await userEvent.clear(screen.getByLabelText('Prix de 5 kg'))
    await userEvent.type(screen.getByLabelText('Prix de 5 kg'), '4200')
    await userEvent.click(screen.getByRole('button', { name: 'Générer les variantes' }))
    // The edited row is kept as it is; the new one takes the product's price and a code.
    expect(screen.getByLabelText('Prix de 5 kg')).toHaveValue('4200')
    expect(screen.getByLabelText('Code de 50 kg')).toHaveValue('EPI-G01-50KG')
    expect(screen.getByLabelText('Stock initial de 50 kg')).toHaveValue('0')

    await userEvent.type(screen.getByLabelText('Mouvement de stock (+/−) de 25 kg'), '-2')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(CATALOGUE_MESSAGES.motifRequired)).toBeInTheDocument()
    expect(sent('PUT', '/api/produit/12')).toHaveLength(0)

    await userEvent.type(screen.getByLabelText('Motif des mouvements de stock'), 'Sac percé')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent('PUT', '/api/produit/12')).toHaveLength(1))
    const body = sent('PUT', '/api/produit/12')[0] as { variantes: Array<Record<string, unknown>> }
    expect(body).toMatchObject({
      options: [{ nom: 'Contenance', valeurs: ['5 kg', '25 kg', '50 kg'] }],
      motif: 'Sac percé',
      variantes: [
        { id: 31, options: { Contenance: '5 kg' }, position: 0, code: 'EPI-0001', prix: 4200 },
        { id: 32, options: { Contenance: '25 kg' }, position: 1, code: 'EPI-0002', prix: 17500, delta: -2 },
        { options: { Contenance: '50 kg' }, position: 2, code: 'EPI-G01-50KG', prix: 4000, qte: 0 },
      ],
    })
    expect(body.variantes[0]).not.toHaveProperty('qte')
    expect(body.variantes[0]).not.toHaveProperty('delta')
    expect(body.variantes[2]).not.toHaveProperty('id')
    expect(body).not.toHaveProperty('prix')
  }, FORM_TEST)

  it('shows the server’s errors on the cell they name, and an option’s under its values', async () => {
    serveRice()
    let puts = 0
    server.use(
      http.put('*/api/produit/:id', () => {
        puts += 1
        return HttpResponse.json(
          {
            message: 'Les données sont invalides',
            errors: { 'variantes.1.code': [CATALOGUE_MESSAGES.varianteCodeTaken], 'variantes.0.prix': [CATALOGUE_MESSAGES.prixPositive], 'options.0.valeurs': [CATALOGUE_MESSAGES.optionValeurUsed('25 kg')] },
          },
          { status: 400 },
        )
      }),
    )
    renderAdmin('/produits/12')
    await screen.findByLabelText('Code de 25 kg')
    // The shared schema's own message first, on its cell, and nothing sent.
    await userEvent.clear(screen.getByLabelText('Prix de 25 kg'))
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(CATALOGUE_MESSAGES.prixRequired)).toBeInTheDocument()
    expect(screen.getByLabelText('Prix de 25 kg')).toHaveAccessibleDescription(CATALOGUE_MESSAGES.prixRequired)
    expect(puts).toBe(0)
    await userEvent.type(screen.getByLabelText('Prix de 25 kg'), '17500')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    const codeCell = (await screen.findByText(CATALOGUE_MESSAGES.varianteCodeTaken)).closest('td')!
    expect(within(codeCell).getByLabelText('Code de 25 kg')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Code de 25 kg')).toHaveAccessibleDescription(CATALOGUE_MESSAGES.varianteCodeTaken)
    expect(screen.getByLabelText('Prix de 5 kg')).toHaveAccessibleDescription(CATALOGUE_MESSAGES.prixPositive)
    expect(screen.getByLabelText('Code de 5 kg')).toHaveAttribute('aria-invalid', 'false')
    expect(puts).toBe(1)
    const values = screen.getByRole('list', { name: 'Valeurs de l’option 1' }).closest('fieldset')!
    expect(within(values).getByText(CATALOGUE_MESSAGES.optionValeurUsed('25 kg'))).toBeInTheDocument()
  })

  it('changes the selected variants’ price in a dialog, and shows the server’s refusal on the value', async () => {
    serveRice()
    let refuse = true
    const asked: unknown[] = []
    server.use(
      http.post('*/api/produit/:id/variantes/prix', async ({ request }) => {
        asked.push(await request.json())
        return refuse ? HttpResponse.json({ message: 'Les données sont invalides', errors: { valeur: [CATALOGUE_MESSAGES.bulkPriceTooLow] } }, { status: 400 }) : HttpResponse.json(rice)
      }),
    )
    renderAdmin('/produits/12')
    await screen.findByLabelText('Code de 25 kg')
    expect(screen.getByRole('button', { name: 'Changer le prix' })).toBeDisabled()
    await userEvent.click(screen.getByLabelText('Sélectionner toutes les variantes'))
    await userEvent.click(screen.getByRole('button', { name: 'Changer le prix (2)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Changer le prix de 2 variantes' })

    // A value of 0 or not a whole number is refused before sending.
    await userEvent.type(within(dialog).getByLabelText('Variation (%)'), '0')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }))
    expect(within(dialog).getByText(CATALOGUE_MESSAGES.bulkValeurInvalid)).toBeInTheDocument()
    expect(asked).toEqual([])

    await userEvent.click(within(dialog).getByLabelText('En montant (FCFA)'))
    await userEvent.clear(within(dialog).getByLabelText('Variation (FCFA)'))
    await userEvent.type(within(dialog).getByLabelText('Variation (FCFA)'), '-5000')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }))
    expect(await within(dialog).findByText(CATALOGUE_MESSAGES.bulkPriceTooLow)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Variation (FCFA)')).toHaveAccessibleDescription(expect.stringContaining(CATALOGUE_MESSAGES.bulkPriceTooLow))
    expect(asked).toEqual([{ variantes: [31, 32], mode: 'montant', valeur: -5000 }])
    expect(await seriousViolations()).toEqual([])

    refuse = false
    await userEvent.clear(within(dialog).getByLabelText('Variation (FCFA)'))
    await userEvent.type(within(dialog).getByLabelText('Variation (FCFA)'), '−500')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(asked.at(-1)).toEqual({ variantes: [31, 32], mode: 'montant', valeur: -500 })
  })
})

describe('generating the rows', () => {
  const values = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`)

  it('makes every combination up to 100, first option outermost, and refuses 101 and more', () => {
    const hundred = generateRows([{ nom: 'A', valeurs: values(4, 'a') }, { nom: 'B', valeurs: values(25, 'b') }], [], { code: 'P', prix: 1000 })
    expect('rows' in hundred && hundred.rows.length).toBe(100)
    expect('rows' in hundred && hundred.rows.slice(0, 2).map((row) => row.valeurs)).toEqual([
      ['a1', 'b1'],
      ['a1', 'b2'],
    ])
    expect(generateRows([{ nom: 'A', valeurs: values(101, 'a') }], [], { code: 'P', prix: 1000 })).toEqual({ error: VARIANT_MESSAGES.tooMany(101) })
    expect(generateRows([{ nom: 'A', valeurs: [] }], [], { code: 'P', prix: 1000 })).toEqual({ error: VARIANT_MESSAGES.optionIncomplete })
    expect(generateRows([{ nom: 'Taille', valeurs: ['S'] }, { nom: 'taille ', valeurs: ['M'] }], [], { code: 'P', prix: 1000 })).toEqual({ error: VARIANT_MESSAGES.optionNameTaken })
  })

  it('keeps a row by its values, and a product’s lone variant becomes its first combination', () => {
    const kept: VariantRow = { id: 32, valeurs: ['25 kg'], code: 'EPI-0002', prix: 17500, delta: '', quantite: 2 }
    const again = generateRows([{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }], [kept], { code: 'EPI-G01', prix: 4000 })
    expect(again).toEqual({ rows: [{ valeurs: ['5 kg'], code: 'EPI-G01-5KG', prix: 4000, qte: 0 }, kept] })
    const lone: VariantRow = { id: 30, valeurs: [], code: 'RIZ5', prix: 5000, delta: '', quantite: 2 }
    const first = generateRows([{ nom: 'Contenance', valeurs: ['5 kg', '25 kg'] }], [lone], { code: 'RIZ5', prix: 5000 })
    expect(first).toEqual({ rows: [{ ...lone, valeurs: ['5 kg'] }, { valeurs: ['25 kg'], code: 'RIZ5-25KG', prix: 5000, qte: 0 }] })
  })

  it('suggests a code a SKU may hold: no accents or spaces, « , » as « . », 50 characters at most', () => {
    expect(suggestedCode('BOI-G01', ['pack de 6 × 1,5 L'])).toBe('BOI-G01-PACKDE61.5L')
    expect(suggestedCode('', ['Crème', 'Été'])).toBe('CREME-ETE')
    expect(suggestedCode('X', ['a'.repeat(80)])).toHaveLength(50)
  })
})

describe('stock movements by variant', () => {
  it('asks which variant moves, sends it, names each line’s variant and filters the history by one', async () => {
    serveRice()
    const history = [
      { id: 2, date: '2026-11-24T09:30:00Z', date_fr: '24 novembre 2026 à 09:30', delta: -1, quantite_apres: 2, raison: 'vente', raison_text: 'Vente', motif: null, staff: null, commande: { numero: 'TRG-261124-AB12CD' }, variante: { id: 32, designation: 'Riz brisé parfumé 25 kg', code: 'EPI-0002' } },
      { id: 1, date: '2026-11-23T09:30:00Z', date_fr: '23 novembre 2026 à 09:30', delta: 20, quantite_apres: 140, raison: 'manuel', raison_text: 'Mouvement manuel', motif: 'Livraison', staff: null, commande: null, variante: { id: 31, designation: 'Riz brisé parfumé 5 kg', code: 'EPI-0001' } },
    ]
    const asked: URL[] = []
    const moved: unknown[] = []
    server.use(
      http.get('*/api/produit/:id/mouvements', ({ request }) => {
        const url = new URL(request.url)
        asked.push(url)
        const only = url.searchParams.get('variante')
        const data = only ? history.filter((line) => String(line.variante.id) === only) : history
        return HttpResponse.json({ metadata: { total: data.length, per_page: 20, current_page: 1, last_page: 1 }, data })
      }),
      http.post('*/api/produit/:id/mouvements', async ({ request }) => {
        moved.push(await request.json())
        return HttpResponse.json(history[1], { status: 201 })
      }),
    )
    renderAdmin('/produits/12')
    const table = await screen.findByRole('table', { name: 'Historique du stock' })
    const sale = (await within(table).findByText('Riz brisé parfumé 25 kg')).closest('tr')!
    expect(sale).toHaveTextContent('EPI-0002')
    expect(sale).toHaveTextContent('−1')

    await userEvent.type(screen.getByLabelText('Quantité (+/−)'), '10')
    await userEvent.type(screen.getByLabelText('Motif'), 'Livraison du fournisseur')
    await userEvent.click(screen.getByRole('button', { name: 'Ajuster le stock' }))
    expect(await screen.findByText(VARIANT_PICK_REQUIRED)).toBeInTheDocument()
    expect(moved).toEqual([])

    await userEvent.selectOptions(screen.getByLabelText('Variante'), '32')
    await userEvent.click(screen.getByRole('button', { name: 'Ajuster le stock' }))
    await waitFor(() => expect(moved).toEqual([{ delta: 10, motif: 'Livraison du fournisseur', variante: 32 }]))

    await userEvent.selectOptions(screen.getByLabelText('Historique de'), '31')
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('variante')).toBe('31'))
    await waitFor(() => expect(within(table).queryByText('Riz brisé parfumé 25 kg')).not.toBeInTheDocument())
    expect(within(table).getByText('Riz brisé parfumé 5 kg')).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])
  })

  it('moves a one-variant product’s stock without asking for a variant', async () => {
    renderAdmin('/produits/3')
    await screen.findByRole('table', { name: 'Historique du stock' })
    expect(screen.queryByLabelText('Variante')).not.toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: 'Variante' })).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Quantité (+/−)'), '5')
    await userEvent.type(screen.getByLabelText('Motif'), 'Livraison')
    await userEvent.click(screen.getByRole('button', { name: 'Ajuster le stock' }))
    await waitFor(() => expect(sent('POST', '/api/produit/3/mouvements')).toEqual([{ delta: 5, motif: 'Livraison' }]))
  })
})

describe('the products list with variants', () => {
  it('shows the variants count and « à partir de » the lowest price', async () => {
    server.use(http.get('*/api/produit', () => HttpResponse.json({ metadata: { total: 2, per_page: 20, current_page: 1, last_page: 1 }, data: [rice, product] })))
    renderAdmin('/produits')
    const row = (await screen.findByRole('link', { name: 'Riz brisé parfumé' })).closest('tr')!
    expect(row).toHaveTextContent('2 variantes')
    expect(row).toHaveTextContent('à partir de 4 000 FCFA')
    const single = screen.getByRole('link', { name: product.designation }).closest('tr')!
    expect(single).not.toHaveTextContent(/variantes|à partir de/)
  })
})

describe('the import’s preview', () => {
  it('lists each product of the file and its variants before importing', async () => {
    const apercu = [
      {
        produit_code: 'EPI-G01',
        designation: 'Riz brisé parfumé',
        action: 'modification',
        variantes: [
          { code: 'EPI-0001', options: { Contenance: '5 kg' }, prix: 4000, quantite: 140, action: 'modification' },
          { code: 'EPI-0003', options: { Contenance: '50 kg' }, prix: 33000, quantite: 5, action: 'creation' },
        ],
      },
      { produit_code: 'FON-1', designation: 'Fonio précuit 1 kg', action: 'creation', variantes: [{ code: 'FON-1', options: {}, prix: 1500, quantite: null, action: 'creation' }] },
    ]
    const runs: Array<string | null> = []
    server.use(
      http.post('*/api/produit/import', ({ request }) => {
        runs.push(new URL(request.url).searchParams.get('dry_run'))
        const dryRun = runs.at(-1) === '1'
        return HttpResponse.json({ dry_run: dryRun, crees: 2, modifies: 1, produits_crees: 1, produits_modifies: 1, erreurs: [], encodage: 'UTF-8', avertissement: null, apercu })
      }),
    )
    renderAdmin('/produits/import')
    await userEvent.upload(await screen.findByLabelText('Fichier CSV'), new File(['code;designation\n'], 'produits.csv', { type: 'text/csv' }))
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le fichier' }))
    const rice = await screen.findByRole('list', { name: 'Variantes de Riz brisé parfumé' })
    const items = within(rice).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('5 kg (EPI-0001)')
    expect(items[0]).toHaveTextContent('4 000 FCFA')
    expect(items[0]).toHaveTextContent('Modifié')
    expect(items[1]).toHaveTextContent('50 kg (EPI-0003)')
    expect(items[1]).toHaveTextContent('Nouveau')
    const fonio = within(screen.getByRole('list', { name: 'Variantes de Fonio précuit 1 kg' })).getByRole('listitem')
    expect(fonio).toHaveTextContent('Variante unique (FON-1)')
    expect(fonio).toHaveTextContent('stock inchangé')
    expect(screen.getByText(/1 produit\(s\) à créer, 1 à modifier/)).toBeInTheDocument()
    expect(await seriousViolations()).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: "Confirmer l'import" }))
    await waitFor(() => expect(runs).toEqual(['1', '0']))
  })
})
