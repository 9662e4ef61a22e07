// French forms when the API gives none.
const fcfa = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })
export function formatFcfa(amount: number): string {
  return `${fcfa.format(amount).replace(/\u202f|\u00a0/g, ' ')} FCFA`
}
const day = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'Africa/Dakar' })
export function formatDay(iso: string): string {
  return day.format(new Date(`${iso}T12:00:00Z`))
}
