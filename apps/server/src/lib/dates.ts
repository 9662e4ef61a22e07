// Dates as customers in Dakar read them, for every answer that shows one.

/** « 22 novembre 2026 à 14:05 ». */
export const dateFr = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Dakar' })
