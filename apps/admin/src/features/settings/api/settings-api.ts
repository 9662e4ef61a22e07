// The settings pages' reads and writes: the generic form's lists (GET|POST /api/{resource},
// PUT|DELETE /api/{resource}/{id}, PUT /api/{resource}/ordre) for zones, depots, slides, loyalty
// tiers, categories and sub-categories; the payment modes (GET, PUT {actif, position}); the one
// preference row (GET|PUT). Fetchers, query options and hooks, under one key factory; every
// write refreshes what it changed. Types are the server's answers (packages/shared).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Category, CategoryForm, Subcategory, SubcategoryForm } from '@teranga/shared/backoffice-catalogue'
import type {
  CarousselInput,
  Depot,
  DepotInput,
  ModePaiementInput,
  PaymentMode,
  Preference,
  PreferenceInput,
  Privilege,
  PrivilegeInput,
  Slide,
  Zone,
  ZoneInput,
} from '@teranga/shared/backoffice-settings'
import { api, listOf, type Page } from '../../../lib/api.ts'

/** Each list's row, and the body its POST and PUT take. */
interface Lists {
  zone: { row: Zone; body: ZoneInput }
  depot: { row: Depot; body: DepotInput }
  caroussel: { row: Slide; body: CarousselInput }
  privilege: { row: Privilege; body: PrivilegeInput }
  categorie: { row: Category; body: CategoryForm }
  souscategorie: { row: Subcategory; body: SubcategoryForm }
}
export type SettingsList = keyof Lists
/** The lists the server puts in order with PUT /api/{resource}/ordre. */
export type OrderedList = 'zone' | 'depot' | 'categorie' | 'souscategorie'
export type RowOf<L extends SettingsList> = Lists[L]['row']

// The products pages read the sub-categories under the same key: a change here refreshes them.
const LIST_KEYS = { zone: 'zones', depot: 'depots', caroussel: 'caroussel', privilege: 'privilege', categorie: 'categories', souscategorie: 'souscategories' } as const satisfies Record<SettingsList, string>

export const settingsKeys = {
  list: (list: SettingsList) => [LIST_KEYS[list]] as const,
  paymentModes: () => ['modepaiements'] as const,
  preference: () => ['preference'] as const,
}

/** A whole list (a shop has a few dozen rows at most), whether the server answers a page or an array. */
export const getList = async <L extends SettingsList>(list: L) => listOf(await api<Array<RowOf<L>> | Page<RowOf<L>>>('GET', `/${list}?count=100`))
export const getPaymentModes = () => api<PaymentMode[]>('GET', '/modepaiement')
export const getPreference = () => api<Preference | null>('GET', '/preference')

export const listQueryOptions = <L extends SettingsList>(list: L) => queryOptions({ queryKey: settingsKeys.list(list), queryFn: () => getList(list) })
export const paymentModesQueryOptions = () => queryOptions({ queryKey: settingsKeys.paymentModes(), queryFn: getPaymentModes })
export const preferenceQueryOptions = () => queryOptions({ queryKey: settingsKeys.preference(), queryFn: getPreference })

export const useSettingsList = <L extends SettingsList>(list: L) => useQuery(listQueryOptions(list))
export const usePaymentModes = () => useQuery(paymentModesQueryOptions())
export const usePreference = () => useQuery(preferenceQueryOptions())

/** A write that refreshes `key` once it is done, refused or not. */
function useWrite<T, R>(key: readonly string[], write: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: key }) })
}

export const useCreate = <L extends SettingsList>(list: L) => useWrite(settingsKeys.list(list), (body: Lists[L]['body']) => api<RowOf<L>>('POST', `/${list}`, body))
export const useUpdate = <L extends SettingsList>(list: L) => useWrite(settingsKeys.list(list), ({ id, body }: { id: number; body: Lists[L]['body'] }) => api<RowOf<L>>('PUT', `/${list}/${id}`, body))
export const useRemove = (list: SettingsList) => useWrite(settingsKeys.list(list), (id: number) => api<void>('DELETE', `/${list}/${id}`))
/** PUT /api/{list}/ordre: every row once, in the new order. */
export const useReorder = (list: OrderedList) => useWrite(settingsKeys.list(list), (ids: number[]) => api<unknown>('PUT', `/${list}/ordre`, { ids }))

export const useUpdatePaymentMode = () => useWrite(settingsKeys.paymentModes(), ({ id, body }: { id: number; body: ModePaiementInput }) => api<PaymentMode>('PUT', `/modepaiement/${id}`, body))
export const useSavePreference = () => useWrite(settingsKeys.preference(), (body: PreferenceInput) => api<Preference>('PUT', '/preference', body))

/** Saves a list's row from its form: PUT of the row `id` being edited, else POST of a new one. */
export function useSaveRow<L extends SettingsList>(list: L) {
  const create = useCreate(list)
  const update = useUpdate(list)
  return (id: number | undefined, body: Lists[L]['body']) => (id === undefined ? create.mutateAsync(body) : update.mutateAsync({ id, body }))
}
