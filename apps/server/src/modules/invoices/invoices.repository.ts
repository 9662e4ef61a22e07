// The invoices module's tables (ADR 061): the yearly counters, the invoices, the credit notes and
// the « Facturation » settings row; and the reads of an order a document prints (the orders',
// catalogue's and payments' tables are read, never written, here).
import { sql, type SQL } from 'drizzle-orm'
import { type BillingSettings, type BillingSettingsInput, type DocumentKind } from '@teranga/shared/invoices'
import type { Executor } from '../../db/client.ts'
import { avoirs, facturation, factures, numerosDocuments } from '../../db/schema.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
/** Raw statements answer timestamps as text: read back as dates. */
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))
const withDates = <T extends object>(row: T | undefined, keys: ReadonlyArray<keyof T>): T | undefined => {
  if (!row) return row
  const out = { ...row }
  for (const key of keys) if (out[key] !== null && out[key] !== undefined) (out as Record<keyof T, unknown>)[key] = asDate(out[key] as Date | string)
  return out
}

/** An order as its documents print it. */
export interface InvoicedOrder {
  id: number
  numero: string
  client_id: number
  etat: string
  datecomm: Date
  dateliv: Date | null
  montantcommande: number
  montantliv: number
  remise: number
  remise_code: number
  remise_livraison: number | null
  montant_total: number
  adresseliv: string | null
  zone: string | null
  client: string | null
  modepaiement: string
  modepaiement_code: string
  modelivraison: string
  depot: string | null
}

export interface InvoicedLine {
  designation: string
  quantite: number
  prix: number
}

/** An order's line as charged: a dearer substitute not accepted carries its `supplement` (ADR 055). */
export interface ChargedLine extends InvoicedLine {
  supplement: number | null
}

export interface DocumentRow {
  numero: string
  emise_le: Date
}

/** A document with what it printed when numbered (null: numbered before migration 0045). */
export interface FrozenDocumentRow extends DocumentRow {
  contenu: unknown
}

/** A refund as its credit note prints it. */
export interface RefundRow {
  remboursement_id: number
  montant: number
  motif: string
  provider: string
}

export interface CreditNoteRow extends DocumentRow, RefundRow {}

export function createInvoicesRepository(db: Executor) {
  /**
   * Issues a document of `kind` for `at`'s year unless `exists` (SQL) finds one, in one statement:
   * the counter row is upserted, which holds its row lock until the transaction ends, so numbers
   * are handed out one transaction at a time and a rollback gives its number back (no gap); the
   * number's text is « F-2026-000123 » (kind, year, six digits), spelt in SQL.
   */
  async function issueOnce(kind: DocumentKind, at: Date, exists: SQL, insert: (n: SQL) => SQL): Promise<string | null> {
    const year = at.getUTCFullYear()
    const rows = rowsOf<{ numero: string }>(
      await db.execute(sql`with n as (
          insert into ${numerosDocuments} (type, annee, dernier) select ${kind}, ${year}::int, 1 where not exists (${exists})
          on conflict (type, annee) do update set dernier = ${numerosDocuments}.dernier + 1 returning dernier
        ) ${insert(sql`select ${kind} || '-' || ${year}::int || '-' || lpad(n.dernier::text, 6, '0'), ${year}::int, n.dernier, ${at.toISOString()}::timestamptz from n`)} returning numero`),
    )
    return rows[0]?.numero ?? null
  }

  return {
    /** The order `id`, locked until the transaction ends (two first downloads at once number it once). */
    async lockOrder(id: number): Promise<void> {
      await db.execute(sql`select id from commandes where id = ${id} for update`)
    },

    /** The order's invoice, if it has one, with its frozen content. */
    async invoiceOf(commandeId: number): Promise<FrozenDocumentRow | undefined> {
      return withDates(rowsOf<FrozenDocumentRow>(await db.execute(sql`select numero, emise_le, contenu from ${factures} where commande_id = ${commandeId}`))[0], ['emise_le'])
    },

    /** Stores what the order's invoice prints, in the transaction that numbered it (ADR 061 §7). */
    async freezeInvoice(commandeId: number, contenu: object): Promise<void> {
      await db.execute(sql`update ${factures} set contenu = ${JSON.stringify(contenu)}::jsonb where commande_id = ${commandeId} and contenu is null`)
    },

    /** Stores what the refund's credit note prints, in the transaction that numbered it. */
    async freezeCreditNote(remboursementId: number, contenu: object): Promise<void> {
      await db.execute(sql`update ${avoirs} set contenu = ${JSON.stringify(contenu)}::jsonb where remboursement_id = ${remboursementId} and contenu is null`)
    },

    /** The order's credit note `numero` with its refund and frozen content. */
    async creditNote(commandeId: number, numero: string): Promise<(CreditNoteRow & { contenu: unknown }) | undefined> {
      const row = rowsOf<CreditNoteRow & { contenu: unknown }>(
        await db.execute(sql`select a.numero, a.emise_le, a.contenu, a.remboursement_id, r.montant, r.motif, r.provider
          from ${avoirs} a join remboursements r on r.id = a.remboursement_id where a.commande_id = ${commandeId} and a.numero = ${numero}`),
      )[0]
      return withDates(row, ['emise_le'])
    },

    /** The refund `id` as its credit note prints it. */
    async refund(id: number): Promise<RefundRow | undefined> {
      return rowsOf<RefundRow>(await db.execute(sql`select id as remboursement_id, montant, motif, provider from remboursements where id = ${id}`))[0]
    },

    /** Issues the order's invoice, numbered in `at`'s year, unless it has one: the new number, or null. */
    issueInvoice: (commandeId: number, at: Date) =>
      issueOnce('F', at, sql`select 1 from ${factures} where commande_id = ${commandeId}`, (numbered) => sql`insert into ${factures} (commande_id, numero, annee, sequence, emise_le) select ${commandeId}::int, * from (${numbered}) d`),

    /** The order's refunds done that have no credit note yet, oldest first. */
    async refundsWithoutNote(commandeId: number): Promise<number[]> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`select r.id from remboursements r where r.commande_id = ${commandeId} and r.statut = 'effectue'
          and not exists (select 1 from ${avoirs} a where a.remboursement_id = r.id) order by r.id`),
      )
      return rows.map((r) => r.id)
    },

    /** Issues the credit note of the refund `remboursementId`, numbered in `at`'s year, unless it has one: the new number, or null. */
    issueCreditNote: (commandeId: number, remboursementId: number, at: Date) =>
      issueOnce(
        'A',
        at,
        sql`select 1 from ${avoirs} where remboursement_id = ${remboursementId}`,
        (numbered) => sql`insert into ${avoirs} (remboursement_id, commande_id, numero, annee, sequence, emise_le) select ${remboursementId}::int, ${commandeId}::int, * from (${numbered}) d`,
      ),

    /** The order's credit notes with what each refund gave back, oldest first. */
    async creditNotesOf(commandeId: number): Promise<CreditNoteRow[]> {
      return rowsOf<CreditNoteRow>(
        await db.execute(sql`select a.numero, a.emise_le, a.remboursement_id, r.montant, r.motif, r.provider
          from ${avoirs} a join remboursements r on r.id = a.remboursement_id where a.commande_id = ${commandeId} order by a.id`),
      ).map((row) => withDates(row, ['emise_le'])!)
    },

    /** The refund's lines (a refund by amount has none). */
    async refundLines(remboursementId: number): Promise<Array<InvoicedLine & { montant: number }>> {
      return rowsOf(
        await db.execute(sql`select concat_ws(' ', p.designation, v.valeur1, v.valeur2, v.valeur3) as designation, rl.quantite, rl.prix,
            coalesce(rl.montant, rl.prix * rl.quantite)::int as montant
          from remboursement_lignes rl join produits p on p.id = rl.produit_id left join variantes v on v.id = rl.variante_id
          where rl.remboursement_id = ${remboursementId} order by rl.id`),
      )
    },

    /** The order `numero` (or `{ id }`) as a document prints it. */
    async order(which: string | { id: number }): Promise<InvoicedOrder | undefined> {
      const row = rowsOf<InvoicedOrder>(
        await db.execute(sql`select c.id, c.numerocommande as numero, c.client_id, c.etat, c.datecomm, c.dateliv, c.montantcommande, c.montantliv,
            c.remise, c.remise_code, c.remise_livraison, c.montant_total, c.adresseliv, c.zone,
            nullif(concat_ws(' ', cl.prenom, cl.name), '') as client, mp.designation as modepaiement, mp.code as modepaiement_code,
            ml.designation as modelivraison, d.designation as depot
          from commandes c join clients cl on cl.id = c.client_id join modepaiements mp on mp.id = c.modepaiement_id
          join modelivraisons ml on ml.id = c.modelivraison_id left join depots d on d.id = c.depot_id
          where ${typeof which === 'string' ? sql`c.numerocommande = ${which}` : sql`c.id = ${which.id}`}`),
      )[0]
      return withDates(row, ['datecomm', 'dateliv'])
    },

    /** The order's lines as charged (a line prepared to 0 is left out), with a dearer substitute's supplement. */
    async lines(commandeId: number): Promise<ChargedLine[]> {
      return rowsOf<ChargedLine>(
        await db.execute(sql`select concat_ws(' ', p.designation, v.valeur1, v.valeur2, v.valeur3) as designation, dc.quantite, dc.prix, dc.supplement
          from detail_commandes dc join produits p on p.id = dc.produit_id left join variantes v on v.id = dc.variante_id
          where dc.commande_id = ${commandeId} and dc.quantite > 0 order by dc.id`),
      )
    },

    /** The « Facturation » row (every field null before the first PUT). */
    async settings(): Promise<BillingSettings> {
      const [row] = await db.select().from(facturation).limit(1)
      return {
        nom: row?.nom ?? null,
        adresse: row?.adresse ?? null,
        ninea: row?.ninea ?? null,
        rccm: row?.rccm ?? null,
        telephone: row?.telephone ?? null,
        pied: row?.pied ?? null,
        tva_taux: row?.tvaTaux ?? null,
      }
    },

    /** Writes the fields given (undefined keeps, null clears), the row created by the first write. */
    async saveSettings(input: BillingSettingsInput): Promise<void> {
      const values = {
        ...(input.nom !== undefined && { nom: input.nom }),
        ...(input.adresse !== undefined && { adresse: input.adresse }),
        ...(input.ninea !== undefined && { ninea: input.ninea }),
        ...(input.rccm !== undefined && { rccm: input.rccm }),
        ...(input.telephone !== undefined && { telephone: input.telephone }),
        ...(input.pied !== undefined && { pied: input.pied }),
        ...(input.tva_taux !== undefined && { tvaTaux: input.tva_taux }),
        updatedAt: new Date(),
      }
      await db.insert(facturation).values({ id: 1, ...values }).onConflictDoUpdate({ target: facturation.id, set: values })
    },

    /** Lock for a settings write (two admins at once: each audit line's « before » is true). */
    async lockSettings(): Promise<void> {
      await db.execute(sql`select id from ${facturation} where id = 1 for update`)
    },
  }
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>
