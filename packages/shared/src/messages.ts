// Every French text a user can meet, in one place: the spec's messages verbatim (§5, §8),
// then the server's own. Nothing else in the project types these strings again. The texts only
// the server sends, which the storefront's first page need not carry, are in server-messages.ts
// (the server's MESSAGES: these and those) and placement-messages.ts.

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
  cartEmpty: 'Votre panier est vide.',
  /** A signed-in customer offline: their cart is on the server; the phone shows its last copy (issue 23). */
  cartOfflineCopy: "Hors ligne : voici votre panier tel qu'il était à votre dernière connexion. Le modifier ou commander demande une connexion.",
  cartOfflineUnknown: 'Hors ligne : votre panier est enregistré sur votre compte et s’affichera dès le retour de la connexion.',
  searchNoResult: 'Aucun résultat trouvé',
  searchPlaceholder: 'Rechercher un produit...',

  // Server answers.
  invalidInput: 'Les données envoyées sont invalides.',
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
  insufficientStock: (designation: string, available: number) =>
    `Stock insuffisant pour ${designation} (${available} disponible${available > 1 ? 's' : ''}).`,
  loggedOut: 'Vous êtes déconnecté.',
  favouriteRemoved: 'Produit retiré des favoris',
  // A hostile visitor's requests (issue 9 §4).
  textInvalidCharacters: 'Ce champ contient des caractères non autorisés.',
  signInTooManyAttempts: 'Trop de tentatives de connexion pour ce compte. Veuillez réessayer dans une minute.',
  googleImgInvalid: "L'image de profil doit être une adresse https.",

  // Field-level messages for API inputs.
  quantityInteger: 'La quantité doit être un nombre entier.',
  quantityMin: 'La quantité doit être au moins 1.',
  quantityMax: 'La quantité ne peut pas dépasser 99 par produit.',
  cartFull: (max: number) => `Votre panier contient déjà ${max} produits différents : passez commande ou retirez-en un avant d'en ajouter un autre.`,
  idInteger: "L'identifiant doit être un nombre entier positif.",
  /** A variant of another product, or withdrawn. */
  varianteUnknown: 'Cette variante n’existe pas pour ce produit.',
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
  // The phone has no connection (issue 18 §3): an action that needs the server is refused at once.
  connectionRequired: 'Vous êtes hors ligne : cette action demande une connexion. Ce que vous avez saisi est conservé ; réessayez une fois reconnecté.',
  cartLoadError: "Une erreur s'est produite lors du chargement du panier.",
  quantityRange: 'La quantité doit être un nombre entier entre 1 et 99.',
  orderZoneUnknown: 'Choisissez une zone de livraison de la liste.',
  orderDepotRequired: 'Choisissez un dépôt de retrait.',
  orderDeliveryModeUnknown: 'Ce mode de livraison est inconnu.',
  // Issue 25 §2: what to do with a missing product, and the note for the preparer, at checkout.
  orderNoteTooLong: 'La note pour le préparateur fait au plus 500 caractères.',
  orderNoReplaceInvalid: 'Les produits à ne pas remplacer doivent être des articles de votre panier (au plus 100).',
  orderNotCancellable: 'Cette commande ne peut plus être annulée.',
  // Payments (DESIGN §6) and order states set by the back office.
  orderNotPayable: 'Cette commande ne peut plus être payée en ligne.',
  // Discount codes (issue 19 §1): the code as typed.
  promoCodeRequired: 'Le code est requis',
  promoCodeFormat: 'Le code ne peut contenir que des lettres, des chiffres, « _ » et « - » (3 à 30 caractères)',
  orderStatusUnknown: 'Cet état de commande est inconnu.',
  idempotencyKeyInvalid: "L'en-tête Idempotency-Key doit contenir de 8 à 100 lettres, chiffres, tirets ou soulignés.",
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

  // The landmark for the courier (issue 25 §3), on a saved address and on the order.
  repereTooLong: 'Le point de repère est trop long (150 caractères au plus).',
  repereLabel: 'Point de repère',
  reperePlaceholder: 'Derrière la pharmacie, portail bleu',
  repereShown: (repere: string) => `Repère : ${repere}`,
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
