// A dearer substitute's difference accepted from the preparation message's link (ADR 055):
// POST /api/suivi/{numero}/supplement with the link's key, no sign-in.
import { rest } from '@/lib/api-client.ts'

export const acceptSupplement = (numero: string, k: string) => rest<unknown>('POST', `/suivi/${encodeURIComponent(numero)}/supplement`, { k })
