// The shapes of docs/back-office-api.md the app reads.
export type Role = 'admin' | 'gestionnaire'
export interface Staff {
  id: number
  email: string
  prenom: string
  name: string
  role: Role
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
