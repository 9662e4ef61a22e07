// The shapes of docs/back-office-api.md the app reads.
import type { OrderDispatch } from '@teranga/shared/backoffice-dispatch'
export type Role = 'admin' | 'gestionnaire'
export interface Staff {
  id: number
  email: string
  prenom: string
  name: string
  role: Role
}
export interface OrderSummary {
  numero: string
  etat: string
  etat_text: string
  etat_badge: string
  datecomm: string
  date_fr: string
  client: { id: number; nom: string; telephone: string }
  total: number
  total_fr: string
  modepaiement: { code: string; designation: string }
  modelivraison: { code: string; designation: string }
  zone: string | null
  depot: { id: number; designation: string } | null
  a_rembourser: boolean
  expires_at: string | null
}
export interface OrderDetail extends OrderSummary, OrderDispatch {
  lignes: { produit: { id: number; designation: string; code: string; image: string | null }; quantite: number; prix: number; total: number }[]
  montantcommande: number
  montantcommande_fr: string
  montantliv: number
  montantliv_fr: string
  remise: number
  remise_fr: string
  client: { id: number; prenom: string; name: string; email: string; telephone: string } & OrderSummary['client']
  tel: string | null
  adresseliv: string | null
  latitude: number | null
  longitude: number | null
  carte: string | null
  whatsapp: string | null
  historique: { date: string; date_fr: string; de: string | null; vers: string; vers_text: string; acteur: string; acteur_nom: string | null; motif: string | null }[]
  suivants: { etat: string; etat_text: string }[]
  paiement: { provider: string; statut: string; montant: number } | null
  /** FCFA given back so far, and each refund with its lines (ADR 025). */
  rembourse: number
  rembourse_fr: string
  remboursements: {
    id: number
    montant: number
    montant_fr: string
    provider: string
    statut: string
    motif: string
    par: string | null
    date: string
    date_fr: string
    lignes: { produit: { id: number; designation: string }; quantite: number; prix: number; total: number; total_fr: string; restock: boolean }[]
  }[]
  remboursable: boolean
}
export interface Dashboard {
  a_traiter: Record<'en_attente' | 'payee' | 'confirmee' | 'en_preparation' | 'prete_retrait' | 'en_livraison', number>
  expirent_bientot: OrderSummary[]
  stock_bas: { id: number; designation: string; code: string; quantite: number; seuil: number }[]
  ventes: { aujourdhui: number; sept_jours: number }
  courbe: { jour: string; montant: number; commandes: number }[]
}
export interface Product {
  id: number
  code: string
  designation: string
  description: string | null
  prix: number
  prix_fr: string
  quantite: number
  unite: string
  seuil: number
  stock_bas: boolean
  actif: boolean
  image: string | null
  souscategorie: { id: number; designation: string; categorie: { id: number; designation: string } }
  created_at: string
}
export interface SubCategory {
  id: number
  designation: string
  categorie_id?: number
}
