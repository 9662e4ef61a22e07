// The 'Pourquoi nous choisir ?' block of the home page (spec §2), with its four items.
import { Icon, type IconName } from '@/components/ui/icon.tsx'

const REASONS: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: 'smile', title: 'Satisfaction Garantie', text: 'Un produit abîmé ou non conforme ? Nous le remplaçons ou vous remboursons.' },
  { icon: 'truck', title: 'Livraison Rapide', text: 'Livré chez vous dans Dakar et sa banlieue, ou à retirer dans nos dépôts.' },
  { icon: 'shield', title: 'Paiement Sécurisé', text: 'Payez à la livraison, par Wave, Orange Money, Free Money ou carte.' },
  { icon: 'pin', title: 'Produit de Proximité', text: 'Des produits du terroir sénégalais, choisis auprès de producteurs locaux.' },
]

export function WhyChooseUs() {
  return (
    <section className="why-us py-4" aria-labelledby="why-us-title">
      <h2 id="why-us-title" className="section-title text-center">
        Pourquoi nous choisir ?
      </h2>
      <div className="row row-cols-2 row-cols-lg-4 g-3">
        {REASONS.map((reason) => (
          <div className="col" key={reason.title}>
            <div className="why-us-item h-100 text-center p-3">
              <Icon name={reason.icon} size={32} className="text-primary mb-2" />
              <h3 className="h6">{reason.title}</h3>
              <p className="small text-body-secondary mb-0">{reason.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  )
}
