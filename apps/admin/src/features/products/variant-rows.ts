// The variants editor's rows (ADR 053 §6): generated from the options' values, each combination
// once, keeping the rows already there (by their values, whatever the options are now called)
// with their ids; a new row takes the product's price, no stock and a suggested code.
import { combinaisons, VARIANTS_MAX } from '@teranga/shared/backoffice-catalogue'

/** An option as the form edits it: a name and its values (the chips), in display order. */
export interface OptionFields {
  nom: string
  valeurs: string[]
}

/**
 * A variant as the form edits it. `valeurs` are by position (the first option's value first), so
 * renaming an option keeps its rows; `quantite` is the stock read from the server (an existing
 * variant: it moves by `delta`); a new variant's first stock is `qte`.
 */
export interface VariantRow {
  id?: number
  valeurs: string[]
  code: string
  prix: string | number
  qte?: string | number
  delta?: string | number
  quantite?: number
  /** Its « Détails » (sale, threshold, barcode): as read for an existing variant, absent for a new row until typed. */
  prix_promo?: string | number
  promo_debut?: string
  promo_fin?: string
  seuil?: string | number
  code_barres?: string
  /** Whether its sale runs now (read from the server). */
  promo_active?: boolean
  /** A newly uploaded image's media key (sent; absent: its image is kept), and the image shown (read, or the upload's). */
  image?: string
  image_url?: string | null
}

export const VARIANT_MESSAGES = {
  tooMany: (count: number) => `Au plus ${VARIANTS_MAX} variantes par produit : ces options en donnent ${count}. Retirez des valeurs.`,
  optionIncomplete: 'Chaque option doit avoir un nom et au moins une valeur.',
  optionNameTaken: 'Deux options ne peuvent pas porter le même nom.',
  valueTaken: 'Cette valeur existe déjà pour cette option.',
  generateAgain: 'Les variantes ne correspondent plus aux options : cliquez sur « Générer les variantes ».',
} as const

/** A value as a code's part: no accents, no spaces, `,` as `.`, upper case (« 1,5 L » → `1.5L`). */
const codePart = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/,/g, '.')
    .replace(/[^A-Za-z0-9.]+/g, '')
    .toUpperCase()

/** `<code>-<values>`, within the codes' 50 characters (the admin may edit it). */
export function suggestedCode(productCode: string, valeurs: string[]): string {
  return [productCode.trim(), ...valeurs.map(codePart)]
    .filter((part) => part !== '')
    .join('-')
    .slice(0, 50)
}

const sameValues = (a: string[], b: string[]) => a.length === b.length && a.every((value, i) => value === b[i])

export type Generation = { rows: VariantRow[] } | { error: string }

/** Every combination of the options' values as a row, the existing rows kept; refused past 100 or with an incomplete option. */
export function generateRows(options: OptionFields[], existing: VariantRow[], product: { code: string; prix: string | number }): Generation {
  if (options.some((option) => option.nom.trim() === '' || option.valeurs.length === 0)) return { error: VARIANT_MESSAGES.optionIncomplete }
  const named = options.map((option) => ({ nom: option.nom.trim(), valeurs: option.valeurs }))
  const names = named.map((option) => option.nom.toLowerCase())
  if (new Set(names).size !== names.length) return { error: VARIANT_MESSAGES.optionNameTaken }
  const combinations = combinaisons(named)
  if (combinations === null) return { error: VARIANT_MESSAGES.tooMany(named.reduce((n, option) => n * option.valeurs.length, 1)) }
  // A product getting its first options: its one variant (no values) becomes the first combination, with its stock and history.
  const lone = existing.length === 1 && existing[0]!.valeurs.length === 0 && named.length > 0 ? existing[0]! : undefined
  return {
    rows: combinations.map((combination, index) => {
      const valeurs = named.map((option) => combination[option.nom] ?? '')
      if (lone && index === 0) return { ...lone, valeurs }
      return existing.find((row) => sameValues(row.valeurs, valeurs)) ?? { valeurs, code: suggestedCode(product.code, valeurs), prix: product.prix, qte: 0 }
    }),
  }
}

/** Whether the rows are still those of the options (each row a value of each option): else they must be generated again. */
export const rowsMatch = (options: OptionFields[], rows: VariantRow[]) =>
  rows.length > 0 && rows.every((row) => row.valeurs.length === options.length && row.valeurs.every((value, i) => options[i]!.valeurs.includes(value)))

/** A row's values by option name, as the API reads them (`{}` without options). */
export const optionsOf = (options: OptionFields[], valeurs: string[]): Record<string, string> => Object.fromEntries(options.map((option, i) => [option.nom.trim(), valeurs[i] ?? '']))

/** A row's values as people read them: « 5 kg · Rouge ». */
export const valuesLabel = (valeurs: string[]) => (valeurs.length === 0 ? 'Unique' : valeurs.join(' · '))
