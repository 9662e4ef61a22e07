// The French refusals of an order's placement that only the server sends (ADR 069): the
// storefront shows the answer's message as it comes. Apart from MESSAGES, so that the
// storefront's first page, which carries MESSAGES, does not carry them too.
export const PLACEMENT_MESSAGES = {
  // The cart changed while the order was placed (an article withdrawn), or its stock was taken
  // by other orders under each of three attempts at placing it.
  cartChanged: 'Votre panier vient de changer : vérifiez-le, puis validez de nouveau votre commande.',
  // Each of three attempts ended by the database (a deadlock between concurrent orders): nothing
  // was kept, the cart is intact, and validating again a moment later places the order.
  busy: "Trop de commandes arrivent en même temps : la vôtre n'a pas été enregistrée. Votre panier est intact, validez de nouveau dans quelques secondes.",
} as const
