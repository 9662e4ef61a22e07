// The French refusals of GraphQL's GET form and its persisted documents (ADR 063). Only the
// server sends them (clients read `extensions.code`): apart from MESSAGES, so that the
// storefront's first page, which carries MESSAGES, does not carry them too.
export const GRAPHQL_GET_MESSAGES = {
  persistedQueryNotFound: 'Requête enregistrée inconnue : renvoyez-la avec son texte (query).',
  persistedQueryUnsupported: 'Requête enregistrée non prise en charge : seule la version 1 (sha256Hash) est acceptée.',
  persistedQueryMismatch: 'Le sha256Hash ne correspond pas au texte de la requête.',
  graphqlGetReadOnly: 'Une modification ne peut pas être envoyée en GET : utilisez POST.',
} as const
