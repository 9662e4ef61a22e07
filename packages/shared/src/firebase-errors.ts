// Firebase Authentication's refusals in French, for the storefront and the back-office alike:
// the SDK's messages are English and name a code (« Firebase: Error (auth/wrong-password). »).

// Sentences several codes share.
const WRONG_CREDENTIALS = 'e-mail ou mot de passe incorrect.'
const CANCELLED = 'la connexion a été annulée.'
const ROBOT_CHECK = 'la vérification anti-robot a échoué. Réessayez.'
const CODE_REQUEST_EXPIRED = 'la vérification du numéro a expiré. Demandez un nouveau code.'
const SESSION_EXPIRED = 'votre session a expiré. Reconnectez-vous.'
const SECOND_FACTOR = "la seconde vérification n'a pas abouti. Recommencez la connexion."
const STORAGE_BLOCKED = 'votre navigateur bloque le stockage nécessaire à la connexion.'
const CONFIGURATION = 'la connexion est mal configurée sur ce site. Réessayez plus tard ou prévenez la boutique.'

/**
 * What follows MESSAGES.loginError ('Erreur lors de la connexion ') for every code of the
 * SDK's AuthErrorCodes (spec §8's codes among them): first those that a sign-in or sign-up by
 * e-mail and password, Google's popup, a phone number or a change to the account can meet,
 * then those of flows the shop does not use, which a shopper should never see. A code the map
 * does not know (a newer SDK's) gets FIREBASE_ERROR_FALLBACK.
 */
export const FIREBASE_AUTH_ERRORS: Readonly<Record<string, string>> = {
  // E-mail and password.
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/user-not-found': 'aucun compte ne correspond à cet e-mail.',
  'auth/invalid-email': "l'adresse e-mail n'est pas valide.",
  'auth/missing-password': 'le mot de passe est requis.',
  'auth/email-already-in-use': 'un compte existe déjà avec cet e-mail.',
  'auth/weak-password': 'le mot de passe doit contenir au moins 6 caractères.',
  'auth/password-does-not-meet-requirements': 'le mot de passe ne respecte pas les règles demandées.',
  'auth/too-many-requests': 'trop de tentatives. Réessayez dans quelques minutes.',
  'auth/user-disabled': 'ce compte a été désactivé.',
  'auth/operation-not-allowed': "ce mode de connexion n'est pas activé pour la boutique.",
  'auth/admin-restricted-operation': "ce mode de connexion n'est pas ouvert aux clients.",
  'auth/unverified-email': "confirmez d'abord votre adresse e-mail avec le lien reçu.",

  // Google's popup.
  'auth/unauthorized-domain': "ce site n'est pas autorisé à utiliser la connexion Google.",
  'auth/popup-blocked': 'la fenêtre de connexion a été bloquée par le navigateur. Autorisez les fenêtres pour ce site et réessayez.',
  'auth/popup-closed-by-user': 'la fenêtre de connexion a été fermée avant la fin.',
  'auth/cancelled-popup-request': 'une autre fenêtre de connexion a été ouverte.',
  'auth/user-cancelled': CANCELLED,
  'auth/redirect-cancelled-by-user': CANCELLED,
  'auth/redirect-operation-pending': 'une connexion est déjà en cours.',
  'auth/account-exists-with-different-credential':
    "un compte existe déjà avec cet e-mail, ouvert d'une autre façon (e-mail et mot de passe, ou Google) : connectez-vous de cette façon.",
  'auth/credential-already-in-use': 'ce compte Google est déjà lié à un autre compte de la boutique.',
  'auth/rejected-credential': "le fournisseur d'identité a refusé la connexion.",
  'auth/missing-or-invalid-nonce': "la réponse du fournisseur d'identité n'est pas valide. Réessayez.",
  'auth/operation-not-supported-in-this-environment': 'ce navigateur ne permet pas ce mode de connexion. Essayez avec un autre navigateur.',
  'auth/web-storage-unsupported': STORAGE_BLOCKED,
  'auth/invalid-persistence-type': STORAGE_BLOCKED,
  'auth/unsupported-persistence-type': STORAGE_BLOCKED,
  'auth/cors-unsupported': "ce navigateur n'est pas pris en charge pour la connexion.",
  'auth/no-auth-event': "la réponse de la fenêtre de connexion n'est pas arrivée. Réessayez.",
  'auth/invalid-auth-event': "la réponse de la fenêtre de connexion n'est pas valide. Réessayez.",
  'auth/missing-iframe-start': "la fenêtre de connexion n'a pas pu s'ouvrir. Réessayez.",

  // A phone number and its SMS code.
  'auth/invalid-phone-number': "le numéro de téléphone n'est pas valide : écrivez-le avec l'indicatif, par exemple +221 77 123 45 67.",
  'auth/missing-phone-number': 'le numéro de téléphone est requis.',
  'auth/invalid-verification-code': 'le code saisi ne correspond pas à celui envoyé par SMS.',
  'auth/missing-verification-code': 'saisissez le code reçu par SMS.',
  'auth/code-expired': 'le code reçu par SMS a expiré. Demandez-en un nouveau.',
  'auth/invalid-verification-id': CODE_REQUEST_EXPIRED,
  'auth/missing-verification-id': CODE_REQUEST_EXPIRED,
  'auth/quota-exceeded': "trop de codes ont été envoyés aujourd'hui. Réessayez plus tard.",
  'auth/captcha-check-failed': ROBOT_CHECK,
  'auth/invalid-app-credential': ROBOT_CHECK,
  'auth/missing-app-credential': ROBOT_CHECK,
  'auth/missing-recaptcha-token': ROBOT_CHECK,
  'auth/invalid-recaptcha-token': ROBOT_CHECK,
  'auth/invalid-recaptcha-action': ROBOT_CHECK,
  'auth/missing-recaptcha-version': ROBOT_CHECK,
  'auth/invalid-recaptcha-version': ROBOT_CHECK,
  'auth/missing-client-type': ROBOT_CHECK,
  'auth/recaptcha-not-enabled': "la vérification anti-robot n'est pas disponible. Réessayez plus tard.",

  // Changes to the account (e-mail, password, linked providers) and the session.
  'auth/requires-recent-login': 'pour cette modification, reconnectez-vous puis recommencez.',
  'auth/email-change-needs-verification': "confirmez d'abord la nouvelle adresse e-mail avec le lien reçu.",
  'auth/provider-already-linked': 'ce mode de connexion est déjà lié à votre compte.',
  'auth/no-such-provider': "ce mode de connexion n'est pas lié à votre compte.",
  'auth/user-mismatch': "ces identifiants sont ceux d'un autre compte.",
  'auth/invalid-action-code': "ce lien n'est plus valable : il a déjà servi ou il est incomplet.",
  'auth/expired-action-code': 'ce lien a expiré. Demandez-en un nouveau.',
  'auth/invalid-recipient-email': "le message n'a pas pu être envoyé à cette adresse e-mail.",
  'auth/null-user': "aucun compte n'est connecté.",
  'auth/user-signed-out': 'vous avez été déconnecté. Reconnectez-vous.',
  'auth/user-token-expired': SESSION_EXPIRED,
  'auth/invalid-user-token': SESSION_EXPIRED,

  // The network and Firebase itself.
  'auth/network-request-failed': 'le réseau ne répond pas. Vérifiez votre connexion et réessayez.',
  'auth/timeout': 'le service de connexion a mis trop de temps à répondre. Réessayez.',
  'auth/internal-error': 'une erreur interne est survenue. Réessayez dans un instant.',
  'auth/argument-error': 'la demande de connexion est incomplète. Réessayez.',
  'auth/app-deleted': 'le service de connexion a été arrêté. Rechargez la page.',

  // Flows the shop does not offer: a second factor, custom tokens, mobile apps.
  'auth/multi-factor-auth-required': 'ce compte demande une seconde vérification, que la boutique ne propose pas.',
  'auth/invalid-multi-factor-session': SECOND_FACTOR,
  'auth/missing-multi-factor-info': SECOND_FACTOR,
  'auth/missing-multi-factor-session': SECOND_FACTOR,
  'auth/multi-factor-info-not-found': SECOND_FACTOR,
  'auth/maximum-second-factor-count-exceeded': SECOND_FACTOR,
  'auth/second-factor-already-in-use': SECOND_FACTOR,
  'auth/unsupported-first-factor': SECOND_FACTOR,
  'auth/invalid-custom-token': CONFIGURATION,
  'auth/custom-token-mismatch': CONFIGURATION,
  'auth/app-not-installed': "l'application demandée n'est pas installée sur cet appareil.",
  'auth/cordova-not-ready': "l'application n'est pas encore prête. Réessayez dans un instant.",

  // The shop's own configuration: nothing the shopper can fix.
  'auth/invalid-api-key': CONFIGURATION,
  'auth/app-not-authorized': CONFIGURATION,
  'auth/auth-domain-config-required': CONFIGURATION,
  'auth/invalid-oauth-client-id': CONFIGURATION,
  'auth/invalid-oauth-provider': CONFIGURATION,
  'auth/invalid-provider-id': CONFIGURATION,
  'auth/emulator-config-failed': CONFIGURATION,
  'auth/invalid-emulator-scheme': CONFIGURATION,
  'auth/already-initialized': CONFIGURATION,
  'auth/dependent-sdk-initialized-before-auth': CONFIGURATION,
  'auth/invalid-app-id': CONFIGURATION,
  'auth/invalid-cert-hash': CONFIGURATION,
  'auth/invalid-cordova-configuration': CONFIGURATION,
  'auth/missing-android-pkg-name': CONFIGURATION,
  'auth/missing-ios-bundle-id': CONFIGURATION,
  'auth/invalid-continue-uri': CONFIGURATION,
  'auth/missing-continue-uri': CONFIGURATION,
  'auth/unauthorized-continue-uri': CONFIGURATION,
  'auth/dynamic-link-not-activated': CONFIGURATION,
  'auth/invalid-dynamic-link-domain': CONFIGURATION,
  'auth/invalid-hosting-link-domain': CONFIGURATION,
  'auth/invalid-message-payload': CONFIGURATION,
  'auth/invalid-sender': CONFIGURATION,
  'auth/invalid-req-type': CONFIGURATION,
  'auth/invalid-tenant-id': CONFIGURATION,
  'auth/tenant-id-mismatch': CONFIGURATION,
  'auth/unsupported-tenant-operation': CONFIGURATION,
}

/** Said for a Firebase code the map does not know: never the code itself, nor Firebase's English. */
export const FIREBASE_ERROR_FALLBACK = 'une erreur inattendue est survenue. Réessayez dans un instant.'

/** The Firebase code of an error: its `code`, or the one its message names (« Firebase: Error (auth/…). »). */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('code' in error && typeof error.code === 'string' && error.code.startsWith('auth/')) return error.code
  const message = 'message' in error && typeof error.message === 'string' ? error.message : ''
  return /\((auth\/[\w-]+)\)/.exec(message)?.[1] ?? (/^Firebase\b/.test(message) ? 'auth/unknown' : undefined)
}

/**
 * What follows MESSAGES.loginError for any failure of a sign-in: Firebase's in French; the
 * shop's own API answers (errors with an HTTP `status`, whose message is the server's French
 * or the app's) as they are; anything else (a script that did not load) the fallback, since
 * the browser's messages are English.
 */
export function authErrorMessage(error: unknown): string {
  const code = firebaseErrorCode(error)
  if (code) return FIREBASE_AUTH_ERRORS[code] ?? FIREBASE_ERROR_FALLBACK
  const fromShop = error instanceof Error && 'status' in error && typeof error.status === 'number'
  return fromShop && error.message ? error.message : FIREBASE_ERROR_FALLBACK
}
