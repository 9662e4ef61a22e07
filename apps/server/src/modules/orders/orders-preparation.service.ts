// Preparing an order (issue 25 §2, ADR 055): the preparer says what was prepared of each line and
// what replaces what is missing. One transaction of the order lifecycle writes the lines, the
// stock (the stock ledger's, through its provider), the amounts and a line of the history; the
// money paid online and no longer owed goes back through the payments module's refunds once it
// committed, and the shopper gets one message listing what changed. The orders module names
// none of those modules (ADR 049): it asks the registered providers and participants.
import type { FastifyBaseLogger } from 'fastify'
import { MESSAGES } from '@teranga/shared/server-messages'
import { orderTotal } from '@teranga/shared/order-amounts'
import {
  PREPARATION_MESSAGES as P,
  preparationRefund,
  preparedAmounts,
  substituteCharge,
  type PreparationBody,
  type PreparedChange,
} from '@teranga/shared/preparation'
import type { Executor } from '../../db/client.ts'
import { badInput, conflict, notFound, type FieldErrors } from '../../lib/errors.ts'
import type { OrderLifecycle } from './order-lifecycle.service.ts'
import type { OrderParticipants, PreparedNotice } from './order-participants.service.ts'
import type { OrderWritesRepository } from './orders-writes.repository.ts'

/** States in which the shopper may still accept a dearer substitute: before the order leaves. */
const SUPPLEMENT_STATES = ['en_preparation', 'prete_retrait']

interface Deps {
  lifecycle: OrderLifecycle
  participants: OrderParticipants
  log: FastifyBaseLogger
  now?: () => Date
}

type Line = Awaited<ReturnType<OrderWritesRepository['preparationLines']>>[number]

export function createOrderPreparationService({ lifecycle, participants, log, now = () => new Date() }: Deps) {
  return {
    /**
     * Prepares `numero` (staff, checked by the route). `afterWrite` runs in the transaction (the
     * back office's audit line). A refund owed is asked of the provider after the commit: if it
     * fails, the preparation stays, the refund is recorded failed (the back office may refund by
     * hand) and the shopper is told of the preparation without it; the error goes to the caller.
     */
    async prepare(staff: { id: number }, numero: string, body: PreparationBody, afterWrite?: (tx: Executor, summary: Record<string, unknown>) => Promise<void>) {
      const done = await lifecycle.run(async ({ tx, orders: writes, tell }) => {
        const order = await writes.lockOrder({ numero })
        if (!order) throw notFound(MESSAGES.orderNotFound)
        if (order.etat !== 'en_preparation') throw conflict(P.notPreparing, { etat: [P.notPreparing] })
        if (order.prepareLe) throw conflict(P.alreadyPrepared)

        const lines = await writes.preparationLines(order.id)
        const errors: FieldErrors = {}
        const seen = new Set<number>()
        const chosen: Array<{ i: number; line: Line; prepared: number; substitute: PreparationBody['lignes'][number]['remplacement'] }> = []
        body.lignes.forEach((wanted, i) => {
          const ofProduct = lines.filter((l) => l.produitId === wanted.produit && l.remplaceLigneId === null)
          let line: Line | undefined
          if (ofProduct.length === 0) errors[`lignes.${i}.produit`] = [P.lineUnknown]
          else if (wanted.variante !== undefined) {
            line = ofProduct.find((l) => l.varianteId === wanted.variante)
            if (!line) errors[`lignes.${i}.variante`] = [P.lineUnknown]
          } else if (ofProduct.length > 1) errors[`lignes.${i}.variante`] = [MESSAGES.varianteRequired]
          else line = ofProduct[0]
          if (!line) return
          if (seen.has(line.id)) return void (errors[`lignes.${i}.variante`] = [P.lineTwice])
          seen.add(line.id)
          if (wanted.quantite_preparee > line.quantite) return void (errors[`lignes.${i}.quantite_preparee`] = [P.quantityTooMany(line.quantite)])
          if (wanted.remplacement) {
            if (!line.remplacer) return void (errors[`lignes.${i}.remplacement`] = [P.substituteNotWanted])
            if (wanted.quantite_preparee === line.quantite) return void (errors[`lignes.${i}.remplacement`] = [P.substituteNothingMissing])
          }
          chosen.push({ i, line, prepared: wanted.quantite_preparee, substitute: wanted.remplacement })
        })
        if (Object.keys(errors).length > 0) throw badInput(Object.values(errors)[0]![0], errors)

        // The substitutes' variants, locked: their price now and their stock.
        const wantedProducts = [...new Set(chosen.flatMap((c) => (c.substitute ? [c.substitute.produit] : [])))]
        const offered = await writes.lockSubstituteVariants(wantedProducts)
        const inOrder = new Set(lines.map((l) => l.varianteId))
        const taken = new Map<number, number>()
        const substitutes: Array<{ replaces: number; produitId: number; varianteId: number; quantite: number; prix: number; supplement: number; designation: string; charged: number }> = []
        for (const c of chosen) {
          if (!c.substitute) continue
          const ofProduct = offered.filter((v) => v.produitId === c.substitute!.produit)
          const field = `lignes.${c.i}.remplacement`
          let variant = c.substitute.variante !== undefined ? ofProduct.find((v) => v.varianteId === c.substitute!.variante) : ofProduct.length === 1 ? ofProduct[0] : undefined
          if (ofProduct.length === 0) errors[`${field}.produit`] = [P.substituteUnknown]
          else if (c.substitute.variante === undefined && ofProduct.length > 1) errors[`${field}.variante`] = [MESSAGES.varianteRequired]
          else if (!variant) errors[`${field}.variante`] = [MESSAGES.varianteUnknown]
          else if (inOrder.has(variant.varianteId) || taken.has(variant.varianteId)) {
            errors[`${field}.produit`] = [P.substituteInOrder]
            variant = undefined
          }
          if (!variant) continue
          if (variant.stock < c.substitute.quantite) {
            const message = P.substituteOutOfStock(variant.designation, variant.stock)
            throw conflict(message, { [`${field}.quantite`]: [message] })
          }
          taken.set(variant.varianteId, c.substitute.quantite)
          // At its own price, at most what the missing units cost unless the shopper accepts (ADR 055).
          const { charged, supplement } = substituteCharge(variant.prix * c.substitute.quantite, (c.line.quantite - c.prepared) * c.line.prix)
          substitutes.push({ replaces: c.line.id, produitId: variant.produitId, varianteId: variant.varianteId, quantite: c.substitute.quantite, prix: variant.prix, supplement, designation: variant.designation, charged })
        }
        if (Object.keys(errors).length > 0) throw badInput(Object.values(errors)[0]![0], errors)

        const changed = chosen.filter((c) => c.prepared < c.line.quantite)
        const goods =
          lines.reduce((sum, l) => sum + l.prix * (changed.find((c) => c.line.id === l.id)?.prepared ?? l.quantite) - l.supplement, 0) +
          substitutes.reduce((sum, s) => sum + s.charged, 0)
        const amounts = preparedAmounts(order, goods)
        const code = await writes.paymentCode(order.modepaiementId)
        const cash = code === 'CASH'
        const supplementTotal = substitutes.reduce((sum, s) => sum + s.supplement, 0)
        // The shopper is asked to accept a dearer substitute's difference, paid on delivery (in
        // cash to the courier or at the depot's counter) whether the order was paid cash or online (ADR 058).
        const supplement = supplementTotal > 0 ? supplementTotal : null

        const at = now()
        const changes: PreparedChange[] = []
        for (const c of changed) {
          const subs = substitutes.filter((s) => s.replaces === c.line.id)
          const missing = c.line.quantite - c.prepared
          if (subs.length > 0) changes.push({ kind: 'remplace', quantite: missing, designation: c.line.designation, par: subs.map((s) => (s.quantite === missing ? s.designation : `${s.quantite} × ${s.designation}`)).join(', ') })
          else changes.push({ kind: 'manquant', quantite: missing, designation: c.line.designation })
        }
        const reason = changes.length === 0 ? 'préparée en entier' : `préparée : ${changes.map((c) => (c.kind === 'manquant' ? `${c.quantite} × ${c.designation} manquant(s)` : `${c.quantite} × ${c.designation} remplacé(s) par ${c.par}`)).join(' ; ')}`.slice(0, 1000)
        await writes.savePreparation(
          order,
          {
            prepared: changed.map((c) => ({ id: c.line.id, quantite: c.prepared, ordered: c.line.quantite })),
            substitutes,
            amounts: { montantcommande: amounts.montantcommande, remise: amounts.remise, remiseCode: amounts.remiseCode },
            supplement,
          },
          { at, actorKind: 'staff', actorId: String(staff.id), reason },
        )

        const stock = participants.provider('stock')
        if (!stock) throw new Error('order participants: no stock ledger is registered')
        const back = changed.filter((c) => c.line.varianteId !== null).map((c) => ({ varianteId: c.line.varianteId!, quantite: c.line.quantite - c.prepared }))
        if (!(await stock.prepared(tx, order.id, { back, taken: substitutes.map((s) => ({ varianteId: s.varianteId, quantite: s.quantite })), staffId: staff.id }))) {
          throw new Error('substitute stock changed under its row lock')
        }

        // Money paid online and no longer owed goes back; never more than is left of what was paid.
        const paid = cash ? null : await participants.provider('refunds')?.paidOnline(tx, order.id)
        const montant = paid ? preparationRefund({ paid: paid.paid, refunded: paid.refunded, before: orderTotal(order), after: amounts.total }) : 0
        const notice: PreparedNotice = {
          changes,
          refund: paid && montant > 0 ? { montant, provider: paid.provider } : null,
          aEncaisser: cash ? amounts.total : null,
          supplement,
        }
        // Without a refund the shopper is told now; with one, when it is done (one message).
        if (!notice.refund) await tell(order, { prepared: notice })
        await afterWrite?.(tx, { changes, total: amounts.total, rembourse: montant, supplement })
        return { notice, order: { ...order, ...amounts } }
      })

      const refund = done.notice.refund
      if (!refund) return
      const refunds = participants.provider('refunds')!
      try {
        await refunds.refund(staff, numero, { montant: refund.montant, motif: 'Préparation : produits manquants ou remplacés', prepared: done.notice })
      } catch (error) {
        log.error({ err: error, numero }, 'the refund of a preparation failed')
        // The shopper still hears what changed, without the money the provider refused.
        await lifecycle.run(async ({ orders: writes, tell }) => {
          const order = await writes.lockOrder({ numero })
          if (order) await tell(order, { prepared: { ...done.notice, refund: null } })
        })
        throw error
      }
    },

    /**
     * The shopper accepts paying a dearer substitute's difference (the message's signed link,
     * checked by the route): the substitutes charge their own price, the amount to collect grows.
     */
    async acceptSupplement(numero: string) {
      await lifecycle.run(async ({ orders: writes }) => {
        const order = await writes.lockOrder({ numero })
        if (!order) throw notFound(MESSAGES.orderNotFound)
        if (!order.supplement || order.supplementAccepteLe) throw conflict(P.supplementNone)
        if (!SUPPLEMENT_STATES.includes(order.etat)) throw conflict(P.supplementTooLate)
        // The discount stays what it was (preparedAmounts never grows it).
        const amounts = preparedAmounts(order, order.montantcommande + order.supplement)
        await writes.acceptSupplement(
          order,
          { montantcommande: amounts.montantcommande, remise: amounts.remise, remiseCode: amounts.remiseCode },
          { at: now(), actorKind: 'client', actorId: String(order.clientId), reason: 'supplément du produit de remplacement accepté' },
        )
      })
    },
  }
}

export type OrderPreparationService = ReturnType<typeof createOrderPreparationService>

/** For the routes' checks: a key that never matches without a provider. */
export const supplementKeyMatches = (participants: OrderParticipants, numero: string, key: string | undefined) =>
  participants.provider('tracking')?.supplementKeyMatches?.(numero, key) ?? false

