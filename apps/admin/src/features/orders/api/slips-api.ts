// The delivery slips' data: the chosen orders' details (GET /api/admin/commande/bons) and the
// shop's public details printed on each slip (GET /api/preferences).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Slips } from '@teranga/shared/backoffice-orders'
import type { Preferences } from '@teranga/shared/storefront-answers'
import { api } from '../../../lib/api.ts'
import { orderKeys } from './orders-api.ts'

/** What a slip prints of the shop's details (null before they are first saved). */
export type ShopDetails = Pick<Preferences, 'logo' | 'telephone' | 'telephone2' | 'lieu'>

export const getSlips = (numeros: readonly string[]) => api<Slips>('GET', `/admin/commande/bons?numeros=${encodeURIComponent(numeros.join(','))}`).then((answer) => answer.data)
export const getShopDetails = () => api<ShopDetails | null>('GET', '/preferences')

export const slipsQueryOptions = (numeros: readonly string[]) => queryOptions({ queryKey: orderKeys.slips(numeros), queryFn: () => getSlips(numeros), enabled: numeros.length > 0 })
export const shopDetailsQueryOptions = () => queryOptions({ queryKey: ['preferences'], queryFn: getShopDetails })

export const useSlips = (numeros: readonly string[]) => useQuery(slipsQueryOptions(numeros))
export const useShopDetails = () => useQuery(shopDetailsQueryOptions())
