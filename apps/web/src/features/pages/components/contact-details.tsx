// The shop's contact details from its settings: phone, WhatsApp, e-mail, address, opening hours,
// and the map the route hands in when the shop has placed itself on it.
import type { ReactNode } from 'react'
import type { Preferences } from '@teranga/shared/storefront-answers'

/** The wa.me address of a number as the owner typed it (a Senegalese number without its +221 gets it). */
export function whatsappLink(number: string): string {
  const digits = number.replace(/\D/g, '')
  return `https://wa.me/${digits.length === 9 ? `221${digits}` : digits}`
}

export function ContactDetails({ preferences, map }: { preferences: Preferences | null | undefined; map?: ReactNode }) {
  if (!preferences) return null
  const { telephone, telephone2, whatsapp, email, lieu, horaires } = preferences
  const phones = [telephone, telephone2].filter((p): p is string => Boolean(p))
  return (
    <section aria-labelledby="contact-coordonnees" className="mt-4">
      <h2 id="contact-coordonnees" className="h4">
        Nos coordonnées
      </h2>
      <dl className="row mb-3">
        {phones.length > 0 && (
          <>
            <dt className="col-sm-3">Téléphone</dt>
            <dd className="col-sm-9">
              {phones.map((phone, i) => (
                <span key={phone}>
                  {i > 0 && ' · '}
                  <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
                </span>
              ))}
            </dd>
          </>
        )}
        {whatsapp && (
          <>
            <dt className="col-sm-3">WhatsApp</dt>
            <dd className="col-sm-9">
              <a href={whatsappLink(whatsapp)} target="_blank" rel="noopener noreferrer">
                Écrivez-nous sur WhatsApp ({whatsapp})
              </a>
            </dd>
          </>
        )}
        {email && (
          <>
            <dt className="col-sm-3">E-mail</dt>
            <dd className="col-sm-9">
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </>
        )}
        {lieu && (
          <>
            <dt className="col-sm-3">Adresse</dt>
            <dd className="col-sm-9">{lieu}</dd>
          </>
        )}
        {horaires && (
          <>
            <dt className="col-sm-3">Horaires</dt>
            <dd className="col-sm-9" style={{ whiteSpace: 'pre-line' }}>
              {horaires}
            </dd>
          </>
        )}
      </dl>
      {map}
    </section>
  )
}
