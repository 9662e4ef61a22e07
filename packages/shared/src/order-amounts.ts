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
  total: number
}

const percentOf = (amount: number, percent: number) => Math.floor((amount * Math.min(Math.max(percent, 0), 100)) / 100)

/** What the customer pays for a stored order: goods and delivery, less the discount. */
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
  const remise = Math.min(onGoods, montantcommande) + Math.min(onDelivery, montantliv)
  return { montantcommande, montantliv, remise, remiseCode, total: orderTotal({ montantcommande, montantliv, remise }) }
}
