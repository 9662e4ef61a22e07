// Invoices and credit notes (issue 26 §3, ADR 061): numbers from gap-free yearly sequences,
// assigned in the transaction that makes an order paid or delivered (a participant of the order
// lifecycle, ADR 049) or that confirms a refund; the PDFs; the « Facturation » settings.
import { SETTINGS_MESSAGES } from '@teranga/shared/backoffice-settings'
import { isStaffRole } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { INVOICE_MESSAGES, orderDocuments, vatOf, type BillingSettings, type BillingSettingsInput, type OrderDocuments } from '@teranga/shared/invoices'
import { lineCharge } from '@teranga/shared/order-amounts'
import { isDepotPickup } from '@teranga/shared/order-status'
import type { Executor } from '../../db/client.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import type { OrderParticipant } from '../orders/order-participants.service.ts'
import { paymentLedger } from '../payments/payment-ledger.service.ts'
import { renderPdf, type PdfDocument } from './invoice-pdf.ts'
import { createInvoicesRepository, type InvoicedOrder, type RefundRow } from './invoices.repository.ts'

/** Who asks for a document: the token's owner. */
export interface Reader {
  id: number
  role: string
}

export interface InvoicesDeps {
  db: Executor
  audit: Audit
  now?: () => Date
}

const PROVIDER_NAMES: Record<string, string> = { wave: 'Wave', paytech: 'PayTech', cash: 'espèces' }

/** A day as the documents print it: « 29 novembre 2026 » (Dakar is UTC all year). */
const dayFr = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Dakar' })

/**
 * What an invoice prints of its order, frozen in its row when its number is assigned (ADR 061 §7):
 * an invoice once issued never changes, whatever the order becomes (prepared short, a supplement
 * accepted). The shop's identity, footer and VAT rate are the settings' and print as they are now.
 */
export type InvoiceContent = Pick<PdfDocument, 'commande' | 'client' | 'lines' | 'totals' | 'total' | 'paiement'>
/** What a credit note prints, frozen in its row when numbered. */
export type CreditNoteContent = Pick<PdfDocument, 'facture' | 'commande' | 'client' | 'lines' | 'total' | 'paiement' | 'motif'>

export function createInvoicesService({ db, audit, now = () => new Date() }: InvoicesDeps) {
  /**
   * Issues the order's invoice unless it has one and, when a number is assigned, freezes what it
   * prints in the same transaction (a number is only assigned once paid or delivered: « Payée »).
   */
  async function issueInvoice(tx: Executor, commandeId: number, at: Date): Promise<void> {
    const repo = createInvoicesRepository(tx)
    if (!(await repo.issueInvoice(commandeId, at))) return
    const order = await repo.order({ id: commandeId })
    if (order) await repo.freezeInvoice(commandeId, await invoiceContent(tx, order, true))
  }

  /** Issues the refund's credit note unless it has one, frozen in the same transaction. */
  async function issueCreditNote(tx: Executor, commandeId: number, refundId: number, at: Date): Promise<void> {
    const repo = createInvoicesRepository(tx)
    if (!(await repo.issueCreditNote(commandeId, refundId, at))) return
    const order = await repo.order({ id: commandeId })
    const refund = await repo.refund(refundId)
    const invoice = await repo.invoiceOf(commandeId)
    if (order && refund) await repo.freezeCreditNote(refundId, await creditNoteContent(tx, order, refund, invoice?.numero ?? null))
  }

  /** Issues the order's invoice if it has none, then the credit notes its refunds done lack, in `tx`. */
  async function issueMissing(tx: Executor, commandeId: number, at: Date) {
    await issueInvoice(tx, commandeId, at)
    for (const refundId of await createInvoicesRepository(tx).refundsWithoutNote(commandeId)) await issueCreditNote(tx, commandeId, refundId, at)
  }

  /** Whether the order has earned its invoice: money came online, or it was delivered (cash is paid then). */
  const invoiceable = async (tx: Executor, order: Pick<InvoicedOrder, 'id' | 'dateliv'>) => order.dateliv !== null || (await paymentLedger(tx).wasPaid(order.id))

  /**
   * The order `numero` for `reader`, with its documents: staff (admin, gestionnaire) read every
   * order, a customer their own (another's is « not found », not « forbidden »: its existence is
   * not told). An order paid or delivered while the previous release served (ADR 030) gets its
   * numbers here, under the order's lock and the counters' (ADR 061).
   */
  async function readable(reader: Reader, numero: string) {
    const repo = createInvoicesRepository(db)
    const order = await repo.order(numero)
    const staff = isStaffRole(reader.role) && reader.role !== 'livreur'
    if (!order || (!staff && order.client_id !== reader.id)) throw notFound(MESSAGES.orderNotFound)
    let invoice = await repo.invoiceOf(order.id)
    const lacking = (await repo.refundsWithoutNote(order.id)).length > 0
    if (!invoice || lacking) {
      await db.transaction(async (tx) => {
        const locked = createInvoicesRepository(tx)
        await locked.lockOrder(order.id)
        if (await invoiceable(tx, order)) await issueMissing(tx, order.id, now())
      })
      invoice = await repo.invoiceOf(order.id)
    }
    return { repo, order, invoice }
  }

  function orderFacts(order: InvoicedOrder) {
    const pickup = order.depot !== null || isDepotPickup(order.modelivraison)
    return {
      commande: { numero: order.numero, date: dayFr.format(order.datecomm) },
      client: {
        nom: order.client,
        livraison: pickup ? `Retrait au dépôt : ${order.depot ?? order.modelivraison}` : `Livraison : ${[order.adresseliv, order.zone && !order.adresseliv?.includes(order.zone) ? order.zone : null].filter(Boolean).join(', ') || order.modelivraison}`,
      },
    }
  }

  /** The VAT lines of a tax-included `total` (none without a rate), after the document's own totals. */
  function withVat(totals: PdfDocument['totals'], total: number, settings: BillingSettings) {
    const vat = vatOf(total, settings.tva_taux)
    if (!vat) return { totals, vat: false }
    return { totals: [...totals, { label: 'Total HT', montant: vat.ht }, { label: `TVA ${vat.rate} %`, montant: vat.tva }], vat: true }
  }

  /**
   * What the invoice prints of `order` as it stands in `executor` (its lines as charged, ADR 055's
   * `lineCharge`; its totals; its payment): frozen at issue (`paid` then), or read at each print
   * for an invoice numbered before migration 0045 (it has no frozen content).
   */
  async function invoiceContent(executor: Executor, order: InvoicedOrder, paid?: boolean): Promise<InvoiceContent> {
    const lines = await createInvoicesRepository(executor).lines(order.id)
    const wasPaid = paid ?? (await paymentLedger(executor).wasPaid(order.id))
    const remiseAutre = order.remise - order.remise_code - (order.remise_livraison ?? 0)
    const totals: PdfDocument['totals'] = [{ label: 'Sous-total', montant: order.montantcommande }]
    if (order.remise_code > 0) totals.push({ label: 'Remise code promo', montant: -order.remise_code })
    if (remiseAutre > 0) totals.push({ label: 'Remise fidélité', montant: -remiseAutre })
    totals.push({ label: 'Livraison', montant: order.montantliv })
    if ((order.remise_livraison ?? 0) > 0) totals.push({ label: 'Livraison offerte', montant: -(order.remise_livraison ?? 0) })
    return {
      ...orderFacts(order),
      lines: lines.map((l) => ({ designation: l.designation, quantite: l.quantite, prix: l.prix, total: lineCharge(l) })),
      totals,
      total: order.montant_total,
      paiement: { mode: order.modepaiement, statut: wasPaid || order.dateliv !== null ? 'Payée' : 'À payer à la livraison' },
    }
  }

  /** What the credit note of `refund` prints (its lines, or one line for a refund by amount). */
  async function creditNoteContent(executor: Executor, order: InvoicedOrder, refund: RefundRow, facture: string | null): Promise<CreditNoteContent> {
    const lines = await createInvoicesRepository(executor).refundLines(refund.remboursement_id)
    return {
      facture,
      ...orderFacts(order),
      lines:
        lines.length > 0
          ? lines.map((l) => ({ designation: l.designation, quantite: l.quantite, prix: l.prix, total: l.montant }))
          : [{ designation: `Remboursement sur la commande ${order.numero}`, quantite: 1, prix: refund.montant, total: refund.montant }],
      total: refund.montant,
      paiement: { mode: `Remboursement par ${PROVIDER_NAMES[refund.provider] ?? refund.provider}`, statut: 'Remboursé' },
      motif: refund.motif,
    }
  }

  /** The invoice of `numero` as it prints (the PDF's content, for the tests' reading too): as frozen at issue. */
  async function invoiceDocument(reader: Reader, numero: string): Promise<PdfDocument> {
    const { repo, order, invoice } = await readable(reader, numero)
    if (!invoice) throw conflict(INVOICE_MESSAGES.unavailable)
    const frozen = invoice.contenu as InvoiceContent | null
    const [content, settings] = await Promise.all([frozen ?? invoiceContent(db, order), repo.settings()])
    return { kind: 'facture', numero: invoice.numero, date: dayFr.format(invoice.emise_le), ...content, ...withVat(content.totals, content.total, settings), settings }
  }

  /** The credit note `avoir` of `numero` as it prints: as frozen at issue. */
  async function creditNoteDocument(reader: Reader, numero: string, avoir: string): Promise<PdfDocument> {
    const { repo, order, invoice } = await readable(reader, numero)
    const note = await repo.creditNote(order.id, avoir)
    if (!note) throw notFound(INVOICE_MESSAGES.creditNoteNotFound)
    const frozen = note.contenu as CreditNoteContent | null
    const [content, settings] = await Promise.all([frozen ?? creditNoteContent(db, order, note, invoice?.numero ?? null), repo.settings()])
    return { kind: 'avoir', numero: note.numero, date: dayFr.format(note.emise_le), ...content, ...withVat([], content.total, settings), settings }
  }

  const participant: OrderParticipant = {
    name: 'invoices',
    // The first of « paid online » or « delivered » numbers the invoice; the other keeps it.
    async moved({ tx, order, to }) {
      if (to === 'payee' || to === 'livree') await issueInvoice(tx, order.id, now())
    },
    async noticed(tx, order, notice) {
      if (typeof notice !== 'object') return
      // An online payment that moved nothing (the order was past waiting): paid all the same.
      if ('payment' in notice) await issueInvoice(tx, order.id, now())
      // A refund done: its credit note, after the invoice it refers to (issued now if the order had none).
      if ('refund' in notice) {
        const at = now()
        await issueInvoice(tx, order.id, at)
        await issueCreditNote(tx, order.id, notice.refund.id, at)
      }
    },
  }

  return {
    participant,

    invoiceDocument,
    creditNoteDocument,

    /** The invoice of `numero` as a PDF, with its number (the file's name). */
    async invoicePdf(reader: Reader, numero: string): Promise<{ numero: string; pdf: Buffer }> {
      const doc = await invoiceDocument(reader, numero)
      return { numero: doc.numero, pdf: await renderPdf(doc) }
    },

    /** The credit note `avoir` of `numero` as a PDF. */
    async creditNotePdf(reader: Reader, numero: string, avoir: string): Promise<{ numero: string; pdf: Buffer }> {
      const doc = await creditNoteDocument(reader, numero, avoir)
      return { numero: doc.numero, pdf: await renderPdf(doc) }
    },

    /** The documents of `numero` for `reader` (the back office's order page), numbered first if the order lacks them. */
    async documentsFor(reader: Reader, numero: string): Promise<OrderDocuments> {
      const { order } = await readable(reader, numero)
      return this.documentsOf(order.id)
    },

    /** What each order's detail says of its documents (one read per order). */
    async documentsOf(orderId: number, executor: Executor = db): Promise<OrderDocuments> {
      const repo = createInvoicesRepository(executor)
      const [invoice, notes] = await Promise.all([repo.invoiceOf(orderId), repo.creditNotesOf(orderId)])
      return orderDocuments(invoice?.numero ?? null, notes)
    },

    settings: (): Promise<BillingSettings> => createInvoicesRepository(db).settings(),

    /** Saves the « Facturation » settings, audited in the same transaction. */
    async saveSettings(staffId: number, input: BillingSettingsInput): Promise<BillingSettings> {
      if (Object.values(input).every((value) => value === undefined)) throw badInput(SETTINGS_MESSAGES.nothingToChange)
      return db.transaction(async (tx) => {
        const repo = createInvoicesRepository(tx)
        await repo.lockSettings()
        const before = await repo.settings()
        await repo.saveSettings(input)
        const after = await repo.settings()
        await audit.record(tx, { staffId, action: 'facturation.modifier', resource: 'facturation', resourceId: 1, before, after })
        return after
      })
    },
  }
}

export type InvoicesService = ReturnType<typeof createInvoicesService>
