// The products' CSV import (POST /api/produit/import): a dry run lists each row's errors and
// writes nothing; the real run refreshes the products' queries.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ImportResult } from '@teranga/shared/backoffice-catalogue'
import { apiFetch } from '../../../lib/api.ts'
import { productKeys } from './products-api.ts'

/** `csv`: the file's bytes as they are; the server tells UTF-8 from Windows-1252 (Excel). */
export const importProducts = async ({ csv, dryRun }: { csv: ArrayBuffer; dryRun: boolean }) =>
  (await (await apiFetch(`/produit/import?dry_run=${dryRun ? 1 : 0}`, { method: 'POST', body: new Uint8Array(csv), headers: { 'content-type': 'text/csv' } })).json()) as ImportResult

export function useImportProducts() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (_result, { dryRun }) => (dryRun ? undefined : client.invalidateQueries({ queryKey: productKeys.all })),
  })
}
