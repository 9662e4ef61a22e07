// What an order costs (DESIGN §5, §7): goods at their prices, the zone's delivery fee (none
// for pickup), and the loyalty tier's rewards as one discount. The server computes it from
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
  total: number
}

const percentOf = (amount: number, percent: number) => Math.floor((amount * Math.min(Math.max(percent, 0), 100)) / 100)

/** What the customer pays for a stored order: goods and delivery, less the discount. */
export const orderTotal = (order: { montantcommande: number; montantliv: number; remise: number }) =>
  order.montantcommande + order.montantliv - order.remise

export function orderAmounts(lines: ReadonlyArray<{ prix: number; quantite: number }>, fee: number, rewards: readonly LoyaltyReward[]): OrderAmounts {
  const montantcommande = lines.reduce((sum, line) => sum + line.prix * line.quantite, 0)
  const montantliv = Math.max(0, fee)
  let remise = 0
  for (const reward of rewards) {
    if (reward.code === 'REMISE_POURCENT') remise += percentOf(montantcommande, reward.valeur)
    else if (reward.code === 'LIVRAISON_GRATUITE') remise += percentOf(montantliv, reward.valeur)
  }
  return { montantcommande, montantliv, remise, total: orderTotal({ montantcommande, montantliv, remise }) }
}
