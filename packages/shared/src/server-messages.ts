// The French messages only the server sends: refusals of requests the storefront's own screens
// never make (GraphQL limits, malformed bodies, payment notifications), the staff's and the
// payment sandbox's, and answers the storefront shows as they come without naming them. Apart
// from MESSAGES (messages.ts), which the storefront's first page carries whole: that page has a
// budget of 150 KB of script (DESIGN §9) and these texts never show on it (ADR 069).
// The server imports MESSAGES from here: the storefront's messages and these, one object.
import { MESSAGES as SHOWN } from './messages.ts'

const SERVER_ONLY = {
  // Requests the storefront never sends as such.
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  bodyTooLarge: 'La requête est trop volumineuse.',
  unsupportedMediaType: "Ce type de contenu n'est pas accepté.",
  tooManyRequests: 'Trop de requêtes. Veuillez réessayer dans un instant.',
  /** POST /api/profile/telephone/session with a session older than PHONE_LINK_FRESH_MINUTES (ADR 042). */
  phoneLinkNeedsFreshSignIn: 'Pour ajouter un numéro, reconnectez-vous d’abord : par sécurité, la connexion doit dater de moins de 15 minutes.',
  /** An ID token older than the account's last change of sign-in methods or verified address (ADR 042). */
  staleIdToken: 'Ce compte a changé depuis cette connexion (adresse vérifiée ou nouvelle méthode de connexion) : reconnectez-vous.',
  staffOnly: "Cet espace est réservé à l'équipe de la boutique.",
  queryTooDeep: 'La requête est trop profonde.',
  queryTooComplex: 'La requête est trop complexe.',
  graphqlInvalid: 'Requête GraphQL invalide.',
  databaseUnavailable: 'La base de données ne répond pas.',
  // GET /ready's reasons (the load balancer's, and whoever reads its log).
  migrationsPending: (tags: string) => `La base de données n'est pas à jour : migrations non appliquées (${tags}).`,
  shuttingDown: "Le serveur s'arrête : il ne prend plus de nouvelles requêtes.",
  authUnavailable: "Le service d'authentification est momentanément indisponible. Veuillez réessayer.",
  queryTooLong: 'La requête GraphQL est trop longue.',
  queryTooManyAliases: (max: number) => `La requête ne peut pas demander plus de ${max} champs renommés (alias).`,
  tooManyMutations: (max: number) => `Une requête ne peut pas contenir plus de ${max} modifications.`,
  introspectionDisabled: "L'exploration du schéma GraphQL n'est pas disponible.",
  uriTooLong: "L'adresse demandée est trop longue.",
  badUrl: "L'adresse demandée est invalide.",
  /** A product with several variants added to the cart without choosing one (ADR 053 §4). */
  varianteRequired: 'Choisissez une variante de ce produit.',
  orderAddressRequired: "L'adresse de livraison est requise.",
  orderPaymentModeUnknown: 'Ce mode de paiement est inconnu.',
  orderCartEmpty: 'Votre panier est vide : ajoutez des produits avant de commander.',
  // Paying again another way (issue 19 §4).
  orderNotRepayable: "Cette commande n'attend plus de paiement : elle ne peut pas être payée autrement.",
  orderCashNotAllowed: 'Le paiement à la livraison est réservé aux commandes livrées à domicile.',
  orderSamePaymentMode: 'Cette commande se règle déjà à la livraison.',
  orderPaidOnDelivery: "Cette commande se règle à la livraison : aucun paiement en ligne n'est nécessaire.",
  paymentOpening: 'Le paiement de cette commande est en cours d’ouverture : patientez quelques secondes, puis réessayez.',
  paymentTooManyAttempts: 'Trop de tentatives de paiement pour cette commande. Contactez-nous pour la finaliser.',
  paymentProviderUnavailable: 'Le service de paiement ne répond pas. Veuillez réessayer dans un instant.',
  paymentWebhookSignatureInvalid: 'Signature de la notification de paiement invalide ou expirée.',
  paymentWebhookInvalid: 'Notification de paiement illisible.',
  orderRefundUnpaid: "Cette commande n'a jamais été payée : il n'y a rien à rembourser.",
  orderRateLimited: 'Vous passez trop de commandes à la suite. Patientez une minute avant de réessayer.',
  orderUnpaidLimit: (max: number) =>
    `Vous avez déjà ${max} commandes en attente de paiement : payez-en ou annulez-en une avant d'en passer une nouvelle.`,
  orderLineTooLarge: (designation: string, max: number) => `Vous ne pouvez pas commander plus de ${max} « ${designation} ».`,
  orderTransitionRefused: (from: string, to: string) => `Impossible de passer la commande de « ${from} » à « ${to} ».`,
  orderMoveNotForDelivery: (to: string, pickup: boolean) =>
    pickup
      ? `Cette commande se retire au dépôt : elle ne peut pas passer à « ${to} ».`
      : `Cette commande se livre à domicile : elle ne peut pas passer à « ${to} ».`,
  // The payment sandbox's page (the server renders it).
  sandboxTitle: 'Paiement de test',
  sandboxNotice: "Bac à sable : aucun argent ne circule. Choisissez l'issue du paiement.",
  sandboxAmount: 'Montant',
  sandboxOrder: 'Commande',
  sandboxApprove: 'Approuver le paiement',
  sandboxDecline: 'Refuser le paiement',
  sandboxSessionUnknown: 'Cette session de paiement est introuvable ou a expiré.',
  sandboxSessionClosed: 'Ce paiement a déjà été traité.',
  idempotencyKeyReused: 'Cette clé a déjà servi pour une autre commande.',
  repereHelp: 'Facultatif : ce qui aide le livreur à trouver la porte.',
} as const

export const MESSAGES = { ...SHOWN, ...SERVER_ONLY } as const
