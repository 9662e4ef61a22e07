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
  productNotFound: 'Produit introuvable.',
  categoryNotFound: 'Catégorie introuvable.',
  orderNotFound: 'Commande introuvable.',
  cartLineNotFound: "Ce produit n'est pas dans votre panier.",
  insufficientStock: (designation: string, available: number) =>
    `Stock insuffisant pour ${designation} (${available} disponible${available > 1 ? 's' : ''}).`,
  loggedOut: 'Vous êtes déconnecté.',
  favouriteRemoved: 'Produit retiré des favoris',
  queryTooDeep: 'La requête est trop profonde.',
  queryTooComplex: 'La requête est trop complexe.',
  graphqlInvalid: 'Requête GraphQL invalide.',
  databaseUnavailable: 'La base de données ne répond pas.',
  authUnavailable: "Le service d'authentification est momentanément indisponible. Veuillez réessayer.",

  // Spec §5: form validation.
  designationRequired: 'La désignation est requise',
  prixNumber: 'Le prix doit être un nombre',
  prixPositive: 'Le prix doit être positif',
  prixRequired: 'Le prix est requis',
  qteInteger: 'La quantité doit être un entier',
  qteMin: 'La quantité doit être au moins 1',
  qteRequired: 'La quantité est requise',
  uniteRequired: "L'unité est requise",
  categorieRequired: 'La categorie est requise',
  imageTooLarge: "L'image est trop grande (max 2MB)",
  imageType: 'Le type de fichier est invalide',
  categoryDesignationMin: 'La désignation doit contenir au moins 2 caractères',
  categoryDesignationMax: 'La désignation ne doit pas dépasser 50 caractères',

  // Field-level messages for API inputs.
  quantityInteger: 'La quantité doit être un nombre entier.',
  quantityMin: 'La quantité doit être au moins 1.',
  quantityMax: 'La quantité ne peut pas dépasser 10 000.',
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
  idempotencyKeyInvalid: "L'en-tête Idempotency-Key doit contenir de 8 à 100 lettres, chiffres, tirets ou soulignés.",
  idempotencyKeyReused: 'Cette clé a déjà servi pour une autre commande.',
  productMissing: "Ce produit n'existe pas ou n'est plus en vente.",
  pageLoadError: "La page n'a pas pu être chargée. Vérifiez votre connexion et réessayez.",
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

