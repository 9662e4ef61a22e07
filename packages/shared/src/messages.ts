// Every French text a user can meet, in one place: the spec's messages verbatim (§5, §8),
// then the server's own. Nothing else in the project types these strings again.

export const MESSAGES = {
  // Spec §8: storefront toasts and alerts.
  loginError: 'Erreur lors de la connexion ',
  favouriteSignedOut: 'Veuillez vous connecter pour ajouter aux favoris',
  favouriteError: "Erreur lors de l'ajout aux favoris",
  favouriteAdded: 'Produit ajouté aux favoris',
  categoriesLoadError: "Une erreur s'est produite lors du chargement des catégories",
  productsLoadError: "Une erreur s'est produite lors du chargement des produits.",
  mostViewedLoadError: "Une erreur s'est produite lors du chargement des produits plus vus.",
  favouritesLoadError: "Une erreur s'est produite lors du chargement des produits favoris.",
  cartQuantityError: 'Erreur lors de la mise à jour de la quantité',
  cartAddItemError: "Erreur lors de l'ajout de l'article au panier",
  cartRemoveError: 'Erreur lors de la suppression du produit du panier',
  cartAddProductError: "Erreur lors de l'ajout du produit au panier",
  cartQuantityUpdated: 'Updated quantity',
  cartRemoved: 'Produit supprimé du panier',
  cartAdded: 'Produit ajouté au panier',
  cartAddedLocal: 'Produit ajouté au panier local',
  cartEmpty: 'Votre panier est vide.',
  searchNoResult: 'Aucun résultat trouvé',
  searchPlaceholder: 'Rechercher un produit...',

  // Server answers.
  invalidInput: 'Les données envoyées sont invalides.',
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  bodyTooLarge: 'La requête est trop volumineuse.',
  unsupportedMediaType: "Ce type de contenu n'est pas accepté.",
  tooManyRequests: 'Trop de requêtes. Veuillez réessayer dans un instant.',
  notFound: 'Ressource introuvable.',
  internalError: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  unauthenticated: 'Veuillez vous connecter.',
  invalidToken: 'Session invalide ou expirée. Veuillez vous reconnecter.',
  invalidIdToken: "Le jeton d'identité est invalide ou expiré.",
  forbidden: "Vous n'avez pas accès à cette ressource.",
  forbiddenOtherUser: "Vous ne pouvez pas agir au nom d'un autre utilisateur.",
  adminOnly: 'Action réservée aux administrateurs.',
  staffOnly: "Cet espace est réservé à l'équipe de la boutique.",
  productNotFound: 'Produit introuvable.',
  categoryNotFound: 'Catégorie introuvable.',
  orderNotFound: 'Commande introuvable.',
  insufficientStock: (designation: string, available: number) =>
    `Stock insuffisant pour ${designation} (${available} disponible${available > 1 ? 's' : ''}).`,
  loggedOut: 'Vous êtes déconnecté.',
  favouriteRemoved: 'Produit retiré des favoris',
  queryTooDeep: 'La requête est trop profonde.',
  queryTooComplex: 'La requête est trop complexe.',
  graphqlInvalid: 'Requête GraphQL invalide.',
  databaseUnavailable: 'La base de données ne répond pas.',
  authUnavailable: "Le service d'authentification est momentanément indisponible. Veuillez réessayer.",
  // A hostile visitor's requests (issue 9 §4).
  textInvalidCharacters: 'Ce champ contient des caractères non autorisés.',
  queryTooLong: 'La requête GraphQL est trop longue.',
  queryTooManyAliases: (max: number) => `La requête ne peut pas demander plus de ${max} champs renommés (alias).`,
  tooManyMutations: (max: number) => `Une requête ne peut pas contenir plus de ${max} modifications.`,
  introspectionDisabled: "L'exploration du schéma GraphQL n'est pas disponible.",
  uriTooLong: "L'adresse demandée est trop longue.",
  badUrl: "L'adresse demandée est invalide.",
  signInTooManyAttempts: 'Trop de tentatives de connexion pour ce compte. Veuillez réessayer dans une minute.',
  googleImgInvalid: "L'image de profil doit être une adresse https.",

  // Field-level messages for API inputs.
  quantityInteger: 'La quantité doit être un nombre entier.',
  quantityMin: 'La quantité doit être au moins 1.',
  quantityMax: 'La quantité ne peut pas dépasser 99 par produit.',
  cartFull: (max: number) => `Votre panier contient déjà ${max} produits différents : passez commande ou retirez-en un avant d'en ajouter un autre.`,
  idInteger: "L'identifiant doit être un nombre entier positif.",
  actionInvalid: "L'action doit valoir 0 (ajout), 1 (modification) ou 2 (suppression).",
  idTokenRequired: "Le jeton d'identité (idToken) est requis.",
  textTooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
  pageInvalid: 'La page doit être un nombre entier supérieur ou égal à 1.',
  countInvalid: 'Le nombre par page doit être un entier entre 1 et 100.',
  civiliteRequired: 'Choisissez Monsieur ou Madame.',
  prenomRequired: 'Le prénom est requis.',
  nomRequired: 'Le nom est requis.',
  telephoneInvalid: 'Le numéro de téléphone doit contenir entre 7 et 20 chiffres (ex. +221 77 123 45 67).',
  villeRequired: 'La ville est requise.',
  paysInvalid: 'Choisissez un pays.',
  passwordMismatch: 'Les mots de passe ne correspondent pas.',
  depotsLoadError: "Une erreur s'est produite lors du chargement des dépôts.",
  paymentModesLoadError: "Une erreur s'est produite lors du chargement des modes de paiement.",
  serverUnreachable: 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.',
  cartLoadError: "Une erreur s'est produite lors du chargement du panier.",
  quantityRange: 'La quantité doit être un nombre entier entre 1 et 99.',
  orderAddressRequired: "L'adresse de livraison est requise.",
  orderZoneUnknown: 'Choisissez une zone de livraison de la liste.',
  orderDepotRequired: 'Choisissez un dépôt de retrait.',
  orderDeliveryModeUnknown: 'Ce mode de livraison est inconnu.',
  orderPaymentModeUnknown: 'Ce mode de paiement est inconnu.',
  orderCartEmpty: 'Votre panier est vide : ajoutez des produits avant de commander.',
  orderNotCancellable: 'Cette commande ne peut plus être annulée.',
  // Payments (DESIGN §6), order states set by the back office, and the payment sandbox page.
  orderNotPayable: 'Cette commande ne peut plus être payée en ligne.',
  orderPaidOnDelivery: "Cette commande se règle à la livraison : aucun paiement en ligne n'est nécessaire.",
  paymentTooManyAttempts: 'Trop de tentatives de paiement pour cette commande. Contactez-nous pour la finaliser.',
  paymentProviderUnavailable: 'Le service de paiement ne répond pas. Veuillez réessayer dans un instant.',
  paymentWebhookSignatureInvalid: 'Signature de la notification de paiement invalide ou expirée.',
  paymentWebhookInvalid: 'Notification de paiement illisible.',
  orderStatusUnknown: 'Cet état de commande est inconnu.',
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
  sandboxTitle: 'Paiement de test',
  sandboxNotice: "Bac à sable : aucun argent ne circule. Choisissez l'issue du paiement.",
  sandboxAmount: 'Montant',
  sandboxOrder: 'Commande',
  sandboxApprove: 'Approuver le paiement',
  sandboxDecline: 'Refuser le paiement',
  sandboxSessionUnknown: 'Cette session de paiement est introuvable ou a expiré.',
  sandboxSessionClosed: 'Ce paiement a déjà été traité.',
  idempotencyKeyInvalid: "L'en-tête Idempotency-Key doit contenir de 8 à 100 lettres, chiffres, tirets ou soulignés.",
  idempotencyKeyReused: 'Cette clé a déjà servi pour une autre commande.',
  productMissing: "Ce produit n'existe pas ou n'est plus en vente.",
  pageLoadError: "La page n'a pas pu être chargée. Vérifiez votre connexion et réessayez.",

  // Storefront: the customer's account pages (/profile), toasts and alerts.
  profileUpdated: 'Profil mis à jour',
  profileUpdateError: 'Erreur lors de la mise à jour du profil',
  addressesLoadError: "Une erreur s'est produite lors du chargement de vos adresses.",
  zonesLoadError: "Une erreur s'est produite lors du chargement des zones de livraison.",
  addressAdded: 'Adresse ajoutée',
  addressUpdated: 'Adresse modifiée',
  addressDeleted: 'Adresse supprimée',
  addressSaveError: "Erreur lors de l'enregistrement de l'adresse",
  addressDeleteError: "Erreur lors de la suppression de l'adresse",
  ordersLoadError: "Une erreur s'est produite lors du chargement de vos commandes.",
  orderCancelled: 'Commande annulée',
  orderCancelError: "Erreur lors de l'annulation de la commande",
  paymentStartError: 'Erreur lors du lancement du paiement',
  loyaltyLoadError: "Une erreur s'est produite lors du chargement de vos points de fidélité.",
  logoutEverywhereError: 'Erreur lors de la déconnexion de vos appareils',
  accountDeleteError: 'Erreur lors de la suppression du compte',

  // Customer account: saved addresses, sessions, account deletion.
  adresseLength: "L'adresse doit contenir entre 3 et 200 caractères.",
  latitudeInvalid: 'La latitude doit être un nombre entre -90 et 90.',
  longitudeInvalid: 'La longitude doit être un nombre entre -180 et 180.',
  coordinatesPair: 'Indiquez la latitude et la longitude ensemble, ou aucune des deux.',
  pardefautInvalid: 'Le choix « adresse par défaut » doit valoir oui ou non.',
  addressNotFound: 'Adresse introuvable.',
  addressLimit: (max: number) => `Vous avez déjà ${max} adresses enregistrées : supprimez-en une pour en ajouter une autre.`,
  loggedOutEverywhere: 'Vous êtes déconnecté de tous vos appareils.',
  accountDeleted: 'Votre compte et vos données personnelles ont été supprimés.',
  accountOrdersInProgress:
    'Vous avez une commande en cours : attendez sa livraison ou contactez la boutique pour supprimer votre compte.',

  // Storefront: the checkout (/livraison, /paiement) and the order's result (success, failed).
  deliveryModesLoadError: "Une erreur s'est produite lors du chargement des modes de livraison.",
  orderLoadError: "Une erreur s'est produite lors du chargement de la commande.",
  deliveryModeRequired: 'Choisissez un mode de livraison.',
  paymentModeRequired: 'Choisissez un mode de paiement.',
  geolocationDenied: "Vous n'avez pas autorisé la localisation : les dépôts sont présentés dans l'ordre habituel.",
  geolocationUnavailable: "Votre position n'est pas disponible : les dépôts sont présentés dans l'ordre habituel.",
  positionDenied: "Vous n'avez pas autorisé la localisation : placez le point sur la carte, ou continuez sans.",
  positionUnavailable: "Impossible d'obtenir votre position : placez le point sur la carte, ou continuez sans.",
  mapUnavailable: "La carte n'a pas pu être chargée : la liste ci-dessous suffit pour choisir.",
  loyaltyDiscountUnknown: 'Votre remise fidélité sera calculée à la validation de la commande.',
  orderInvalidFields: 'Certaines informations de livraison sont à corriger :',
  paymentConfirmationSlow:
    "La confirmation du paiement prend plus de temps que prévu. Vous pouvez suivre l'état de votre commande dans « Mes commandes ».",
} as const

/**
 * What follows 'Erreur lors de la connexion ' for each Firebase Authentication error code:
 * the codes of spec §8 first, then those the email and password forms meet.
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'auth/unauthorized-domain': "ce site n'est pas autorisé à utiliser la connexion Google.",
  'auth/popup-blocked': 'la fenêtre de connexion a été bloquée par le navigateur. Autorisez les fenêtres pour ce site et réessayez.',
  'auth/popup-closed-by-user': 'la fenêtre de connexion a été fermée avant la fin.',
  'auth/cancelled-popup-request': 'une autre fenêtre de connexion a été ouverte.',
  'auth/network-request-failed': 'le réseau ne répond pas. Vérifiez votre connexion et réessayez.',
  'auth/web-storage-unsupported': 'votre navigateur bloque le stockage nécessaire à la connexion.',
  'auth/internal-error': 'une erreur interne est survenue. Réessayez dans un instant.',
  'auth/invalid-api-key': 'la configuration de la connexion est invalide.',
  'auth/invalid-credential': 'e-mail ou mot de passe incorrect.',
  'auth/invalid-login-credentials': 'e-mail ou mot de passe incorrect.',
  'auth/wrong-password': 'e-mail ou mot de passe incorrect.',
  'auth/user-not-found': 'aucun compte ne correspond à cet e-mail.',
  'auth/invalid-email': "l'adresse e-mail n'est pas valide.",
  'auth/missing-password': 'le mot de passe est requis.',
  'auth/email-already-in-use': 'un compte existe déjà avec cet e-mail.',
  'auth/weak-password': 'le mot de passe doit contenir au moins 6 caractères.',
  'auth/too-many-requests': 'trop de tentatives. Réessayez dans quelques minutes.',
  'auth/user-disabled': 'ce compte a été désactivé.',
}

/** The message after the login-failure prefix for any error (Firebase's or the shop's). */
export function authErrorMessage(error: unknown): string {
  // The shop's own errors carry an optional `code`, undefined for REST answers: not a Firebase code.
  const code = error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : ''
  if (code && AUTH_ERROR_MESSAGES[code]) return AUTH_ERROR_MESSAGES[code]
  // Firebase's own messages are English: its codes without a French text get the generic one.
  return error instanceof Error && error.message && !code.startsWith('auth/') ? error.message : 'une erreur inattendue est survenue.'
}

