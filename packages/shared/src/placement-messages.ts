// The French refusals of an order's placement that only the server sends (ADR 069): the
// storefront shows the answer's message as it comes. Apart from MESSAGES, so that the
// storefront's first page, which carries MESSAGES, does not carry them too.
export const PLACEMENT_MESSAGES = {
  // The cart changed while the order was placed (an article withdrawn), or its stock was taken
  // by other orders under each of three attempts at placing it.
  cartChanged: 'Votre panier vient de changer : vérifiez-le, puis validez de nouveau votre commande.',
} as const
