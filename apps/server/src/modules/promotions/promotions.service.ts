// Discount codes (issue 19 §1), the one owner of `codes_promo`: the back office creates, edits and
// deactivates them (each write audited); a shopper tries one on their cart before confirming;
// and, in the order's transaction (the order lifecycle's), `promoCodes(tx)` applies a code to
// the cart's lines, takes its use, and gives it back when the order is cancelled
// (promotions.order-participant.ts registers that with the lifecycle, ADR 049).
import { applyPromoCode, PROMO_MESSAGES, type CodePromo, type CodePromoForm, type CodePromoPreview, type CodeType, type PromoBasket } from '@teranga/shared/promotions'
import { formatPrix } from '@teranga/shared/money'
import type { Executor } from '../../db/client.ts'
import { uniqueViolation } from '../../db/sql.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import { toPage, type PageArgs } from '../../lib/pagination.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import { createPromotionsRepository, phoneKey, type CodeRow, type PromotionsRepository } from './promotions.repository.ts'

const date = (value: string | Date | null | undefined) => (value ? new Date(value) : null)
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

function toCodePromo(row: Record<string, unknown>): CodePromo {
  const ventes = Number(row.ventes ?? 0)
  const remises = Number(row.remises ?? 0)
  return {
    id: Number(row.id),
    code: String(row.code),
    type: row.type as CodeType,
    valeur: Number(row.valeur),
    minimum: Number(row.minimum),
    debut: iso(row.debut),
    fin: iso(row.fin),
    utilisations_max: row.utilisations_max == null ? null : Number(row.utilisations_max),
    par_client: row.par_client == null ? null : Number(row.par_client),
    premiere_commande: Boolean(row.premiere_commande),
    souscategories: (row.souscategories as number[] | null) ?? null,
    actif: Boolean(row.actif),
    utilisations: Number(row.utilisations),
    ventes,
    ventes_fr: formatPrix(ventes),
    remises,
    remises_fr: formatPrix(remises),
    created_at: iso(row.created_at) ?? '',
  }
}


/** A cart line as the code's rules read it: its price now, quantity and sub-category. */
export type PromoLine = PromoBasket['lines'][number]

/** The code's id and the discount it gives, or the French reason it does not. */
export type Redemption = { ok: true; codeId: number; code: string; remise: number } | { ok: false; message: string }

/** A code's refusal, as a 409 naming the order's field `codepromo`. */
export const codeRefused = (message: string) => conflict(message, { codepromo: [message] })

/** The codes bound to `db` (the order lifecycle's transaction). */
export function promoCodes(db: Executor) {
  const repo = createPromotionsRepository(db)
  return {
    /**
     * Whether `code` applies to `lines` for the customer now, and its discount; no use is taken.
     * `tel`, the order's phone number: a first-order code is refused when that number has an order too.
     */
    async check(code: string, clientId: number, lines: readonly PromoLine[], at: Date, tel?: string | null): Promise<Redemption> {
      const row = await repo.forCustomer(code, clientId, phoneKey(tel))
      if (!row) return { ok: false, message: PROMO_MESSAGES.unknown }
      const outcome = applyPromoCode(
        {
          type: row.type as CodeType,
          valeur: row.valeur,
          minimum: row.minimum,
          debut: date(row.debut),
          fin: date(row.fin),
          actif: row.actif,
          utilisationsMax: row.utilisations_max,
          utilisations: row.utilisations,
          parClient: row.par_client,
          premiereCommande: row.premiere_commande,
          souscategories: row.souscategories,
        },
        { lines, usesByClient: row.mine, hasOrdered: row.ordered, at },
      )
      return outcome.ok ? { ok: true, codeId: row.id, code: row.code, remise: outcome.remise } : outcome
    },
    /** Takes one use of the code (checked first): false when its last use went to another order meanwhile. */
    takeUse: (codeId: number) => repo.takeUse(codeId),
    /** The order that used it is cancelled: its use comes back. */
    giveUseBack: (codeId: number) => repo.giveUseBack(codeId),
  }
}

interface Deps {
  db: Executor
  repo: PromotionsRepository
  audit: Audit
  /** The customer's cart lines at today's prices (the cart module's). */
  cartLines: (clientId: number) => Promise<PromoLine[]>
  now?: () => Date
}

export function createPromotionsService({ db, repo, audit, cartLines, now = () => new Date() }: Deps) {
  async function one(id: number) {
    const row = await repo.one(id)
    if (!row) throw notFound(PROMO_MESSAGES.codeNotFound)
    return toCodePromo(row)
  }

  async function checkSubcategories(tx: Executor, ids: number[] | null | undefined) {
    if (!ids?.length) return
    const found = await createPromotionsRepository(tx).existingSubcategories(ids)
    if (ids.some((id) => !found.has(id))) throw badInput(PROMO_MESSAGES.souscategoriesInvalid, { souscategories: [PROMO_MESSAGES.souscategoriesInvalid] })
  }

  /** The row a form writes; `actif` left out keeps what the code was (a new one is active), so an edit never revives a code the staff turned off. */
  const values = (form: CodePromoForm, actif = true) => ({
    code: form.code,
    type: form.type,
    valeur: form.valeur,
    minimum: form.minimum ?? 0,
    debut: form.debut ? new Date(form.debut) : null,
    fin: form.fin ? new Date(form.fin) : null,
    utilisationsMax: form.utilisations_max ?? null,
    parClient: form.par_client ?? null,
    premiereCommande: form.premiere_commande ?? false,
    souscategories: form.souscategories?.length ? [...new Set(form.souscategories)] : null,
    actif: form.actif ?? actif,
  })

  const taken = () => conflict(PROMO_MESSAGES.codeTaken, { code: [PROMO_MESSAGES.codeTaken] })

  return {
    async page(page: PageArgs, q?: string) {
      const rows = await repo.page(page, q)
      const total = rows.length > 0 ? Number(rows[0]!.total) : page.offset > 0 ? await repo.count(q) : 0
      return toPage(rows.map(toCodePromo), total, page)
    },
    one,

    async create(staffId: number, form: CodePromoForm) {
      const id = await db
        .transaction(async (tx) => {
          await checkSubcategories(tx, form.souscategories)
          const row = values(form)
          const newId = await createPromotionsRepository(tx).insert(row)
          await audit.record(tx, { staffId, action: 'codepromo.creer', resource: 'codepromo', resourceId: newId, after: row })
          return newId
        })
        .catch((error: unknown) => {
          throw uniqueViolation(error) !== undefined ? taken() : error
        })
      return one(id)
    },

    async update(staffId: number, id: number, form: CodePromoForm) {
      await db
        .transaction(async (tx) => {
          const repoTx = createPromotionsRepository(tx)
          const before = await repoTx.lock(id)
          if (!before) throw notFound(PROMO_MESSAGES.codeNotFound)
          await checkSubcategories(tx, form.souscategories)
          const row = values(form, before.actif)
          await repoTx.update(id, row)
          await audit.record(tx, { staffId, action: 'codepromo.modifier', resource: 'codepromo', resourceId: id, before: before as CodeRow, after: row })
        })
        .catch((error: unknown) => {
          throw uniqueViolation(error) !== undefined ? taken() : error
        })
      return one(id)
    },

    /** Deactivated, never deleted: the orders that used it keep it. */
    async deactivate(staffId: number, id: number) {
      await db.transaction(async (tx) => {
        const repoTx = createPromotionsRepository(tx)
        const before = await repoTx.lock(id)
        if (!before) throw notFound(PROMO_MESSAGES.codeNotFound)
        await repoTx.update(id, { actif: false })
        await audit.record(tx, { staffId, action: 'codepromo.desactiver', resource: 'codepromo', resourceId: id, before: { actif: before.actif }, after: { actif: false } })
      })
      return one(id)
    },

    /** The discount `code` would give the customer's cart now (to the order's number `tel`, when given), or a 409 with the French reason. */
    async preview(clientId: number, code: string, tel?: string): Promise<CodePromoPreview> {
      const lines = await cartLines(clientId)
      const outcome = await promoCodes(db).check(code, clientId, lines, now(), tel)
      if (!outcome.ok) throw codeRefused(outcome.message)
      return { code: outcome.code, remise: outcome.remise, remiseformat: formatPrix(outcome.remise) }
    },
  }
}

export type PromotionsService = ReturnType<typeof createPromotionsService>
