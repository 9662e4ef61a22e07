// Counts a visit of a product page toward the most-viewed list (once per page shown).
import { useEffect } from 'react'
import { graphql } from '@/lib/api-client.ts'

const RECORD_VIEW = 'mutation EnregistrerVue($id: Int!) { enregistrerVue(produit_id: $id) }'

export function recordView(produitId: number): Promise<unknown> {
  return graphql(RECORD_VIEW, { id: produitId })
}

export function useRecordView(produitId: number, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    // A lost view count is not worth bothering the shopper about.
    recordView(produitId).catch(() => {})
  }, [produitId, enabled])
}
