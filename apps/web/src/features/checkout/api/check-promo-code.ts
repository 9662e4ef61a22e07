// POST /api/codepromo/verifier: the discount a code gives the signed-in shopper's cart now, or
// the server's French reason (a 409) for refusing it. The order checks the code again.
import { useMutation } from '@tanstack/react-query'
import type { CodePromoPreview } from '@teranga/shared/promotions'
import { rest } from '@/lib/api-client.ts'

export const checkPromoCode = (code: string) => rest<CodePromoPreview>('POST', '/codepromo/verifier', { code })

export const useCheckPromoCode = () => useMutation({ mutationFn: checkPromoCode })
