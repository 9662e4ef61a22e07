// What an order costs (DESIGN §5, §7): goods at their prices now (a sale price while it runs),
// the zone's delivery fee (none for pickup), then the discount code's part, then the loyalty
// tier's rewards, as one discount (ADR 036: the loyalty percentage is taken from the goods left
// after the code; the discount on the goods never exceeds them). The server computes it from
// database prices; the payment page shows the same computation as a preview.

export interface LoyaltyReward {
  /** REMISE_POURCENT: a percentage off the goods. LIVRAISON_GRATUITE: a percentage of the fee waived. */
  code: string
  valeur: number
}

export interface OrderAmounts {
  montantcommande: number
  montantliv: number
  remise: number
  /** The discount code's part of `remise`. */
  remiseCode: number
  /** The loyalty tier's free delivery's part of `remise`; the rest of it is on the goods. */
  remiseLivraison: number
  total: number
}

const percentOf = (amount: number, percent: number) => Math.floor((amount * Math.min(Math.max(percent, 0), 100)) / 100)

/** What the customer pays for a stored order: goods and delivery, less the discount. */
/**
 * What a line charges: its price × quantity, less the supplement of a dearer substitute the
 * shopper has not accepted (ADR 055: charged at most what it replaces). Written once for the
 * order's detail, the accountant's export, the sales report and the invoice.
 */
export const lineCharge = (line: { prix: number; quantite: number; supplement?: number | null }) => line.prix * line.quantite - (line.supplement ?? 0)

export const orderTotal = (order: { montantcommande: number; montantliv: number; remise: number }) =>
  order.montantcommande + order.montantliv - order.remise

/** `codeDiscount`: what the order's discount code takes off the goods (applyPromoCode), 0 without one. */
export function orderAmounts(lines: ReadonlyArray<{ prix: number; quantite: number }>, fee: number, rewards: readonly LoyaltyReward[], codeDiscount = 0): OrderAmounts {
  const montantcommande = lines.reduce((sum, line) => sum + line.prix * line.quantite, 0)
  const montantliv = Math.max(0, fee)
  const remiseCode = Math.min(Math.max(0, codeDiscount), montantcommande)
  let onGoods = remiseCode
  let onDelivery = 0
  for (const reward of rewards) {
    if (reward.code === 'REMISE_POURCENT') onGoods += percentOf(montantcommande - remiseCode, reward.valeur)
    else if (reward.code === 'LIVRAISON_GRATUITE') onDelivery += percentOf(montantliv, reward.valeur)
  }
  const remiseLivraison = Math.min(onDelivery, montantliv)
  const remise = Math.min(onGoods, montantcommande) + remiseLivraison
  return { montantcommande, montantliv, remise, remiseCode, remiseLivraison, total: orderTotal({ montantcommande, montantliv, remise }) }
}

// Money after discounts (issue 23 §2, ADR 041): what was paid for the goods, and each line's
// share of it, the one computation the refund, the back office's refund dialog, the order
// detail and the loyalty points read.

/**
 * What the customer paid for a stored order's goods: the goods less the discount's part on them
 * (the code's and the loyalty tier's percentage). `remiseLivraison` is the free delivery's part
 * of `remise`; an order stored without it (null, before migration 0026) has its whole discount
 * taken as on the goods.
 */
export function goodsPaid(order: { montantcommande: number; remise: number; remiseLivraison?: number | null }): number {
  const onGoods = Math.max(0, order.remise - Math.max(0, order.remiseLivraison ?? 0))
  return Math.max(0, order.montantcommande - onGoods)
}

/**
 * Each line's share of `paid` (what was paid for the goods), in proportion to its price times
 * its quantity, in whole FCFA that add up exactly to `paid` (largest remainder: the floors, then
 * one franc more to the lines whose exact share lost most, the first such line first on a tie).
 * Computed in BigInt, so that no product of two amounts loses a franc.
 */
export function lineShares(lines: ReadonlyArray<{ prix: number; quantite: number }>, paid: number): number[] {
  const totals = lines.map((line) => BigInt(Math.max(0, line.prix)) * BigInt(Math.max(0, line.quantite)))
  const sum = totals.reduce((a, b) => a + b, 0n)
  if (sum === 0n) return lines.map(() => 0)
  const target = BigInt(Math.min(Math.max(0, Math.floor(paid)), Number(sum)))
  const floors = totals.map((t) => (t * target) / sum)
  const remainders = totals.map((t, i) => ({ i, r: (t * target) % sum }))
  let left = Number(target - floors.reduce((a, b) => a + b, 0n))
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))
  const shares = floors.map(Number)
  for (const { i } of remainders) {
    if (left <= 0) break
    shares[i]! += 1
    left--
  }
  return shares
}

/**
 * What `units` more of a line give back when `before` of its `quantite` were already given back,
 * the line having been paid `share` in all: the part paid for the first n units is
 * floor(share × n / quantite), so a line given back in any number of steps gives back exactly
 * `share` once all its units are.
 */
export function lineRefund(share: number, quantite: number, before: number, units: number): number {
  if (quantite <= 0 || units <= 0) return 0
  const upTo = (n: number) => Number((BigInt(share) * BigInt(Math.min(Math.max(n, 0), quantite))) / BigInt(quantite))
  return upTo(before + units) - upTo(before)
}

/**
 * Each order line's share of what was paid for the goods, by its variant's id (ADR 053: an order
 * holds a variant once; two variants of one product are two lines), computed as `productShares`
 * with the variant as the key, in the order of the variants' ids.
 */
export function variantShares(lines: ReadonlyArray<{ variante: number; prix: number; quantite: number }>, paid: number): Map<number, number> {
  return productShares(
    lines.map((line) => ({ produit: line.variante, prix: line.prix, quantite: line.quantite })),
    paid,
  )
}

/**
 * Each product's share of what was paid for an order's goods (`goodsPaid`), by product id: the
 * order's lines grouped by product, in the order of their ids, so that the refund, the order's
 * detail and the back office's refund dialog find the same francs on the same line.
 */
export function productShares(lines: ReadonlyArray<{ produit: number; prix: number; quantite: number }>, paid: number): Map<number, number> {
  const byProduct = new Map<number, number>()
  for (const line of lines) byProduct.set(line.produit, (byProduct.get(line.produit) ?? 0) + line.prix * line.quantite)
  const ids = [...byProduct.keys()].sort((a, b) => a - b)
  const shares = lineShares(
    ids.map((id) => ({ prix: byProduct.get(id)!, quantite: 1 })),
    paid,
  )
  return new Map(ids.map((id, i) => [id, shares[i]!]))
}
