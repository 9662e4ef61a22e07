// GET /api/creneaux (issue 25 §1): the next 7 days' open slots for home delivery to a zone or
// pickup at a depot, with the places left. Kept 30 seconds, as the server's short cache: the
// places change as other shoppers order, and a refusal refetches them at once.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OfferedSlot } from '@teranga/shared/delivery-slots'
import { rest } from '@/lib/api-client.ts'

/** Home delivery to `zone`, or pickup at `depot`. */
export type SlotsFor = { zone: number } | { depot: number }

const queryString = (target: SlotsFor) => ('zone' in target ? `zone=${target.zone}` : `depot=${target.depot}`)

export const getDeliverySlots = (target: SlotsFor) => rest<OfferedSlot[]>('GET', `/creneaux?${queryString(target)}`)

export const getDeliverySlotsQueryOptions = (target: SlotsFor) =>
  queryOptions({ queryKey: ['creneaux', queryString(target)], queryFn: () => getDeliverySlots(target), staleTime: 30_000 })

export const useDeliverySlots = (target: SlotsFor | null) => useQuery({ ...getDeliverySlotsQueryOptions(target ?? { zone: 0 }), enabled: target !== null })
