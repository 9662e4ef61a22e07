// An invoice or a credit note as an A4 PDF (ADR 061), drawn with pdfkit: French text, amounts by
// the shared `formatPrix` (no-break spaces), DejaVu Sans embedded from its npm package (pdfkit's
// standard fonts draw neither accents outside Latin-1 reliably nor U+00A0/U+202F), subset by
// pdfkit to the glyphs used, so a 10-line invoice stays well under 100 KB.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'
import { formatPrix } from '@teranga/shared/money'
import type { BillingSettings } from '@teranga/shared/invoices'

const require = createRequire(import.meta.url)
/** A font as fontkit parsed it, which pdfkit takes as it is (it subsets it per document). */
type ParsedFont = { layout: (...args: never[]) => unknown }
let fonts: { regular: ParsedFont; bold: ParsedFont } | undefined
/**
 * The fonts, read from the package (never a system path) and parsed once per process: parsing
 * DejaVu's 750 KB for every document was most of an invoice's time.
 */
function loadFonts() {
  const parse = (file: string) => fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as unknown as ParsedFont
  fonts ??= { regular: parse('DejaVuSans.ttf'), bold: parse('DejaVuSans-Bold.ttf') }
  return fonts
}

export interface PdfLine {
  designation: string
  quantite: number
  /** Unit price, FCFA; null for a refund's line shown by its amount only. */
  prix: number
  total: number
}

/** What a document prints, computed by the service from the database. */
export interface PdfDocument {
  kind: 'facture' | 'avoir'
  numero: string
  date: string
  /** A credit note's invoice number. */
  facture?: string | null
  commande: { numero: string; date: string }
  client: { nom: string | null; livraison: string }
  lines: PdfLine[]
  /** Whether VAT lines are among the totals (without, « Prix toutes taxes comprises. »). */
  vat: boolean
  /** The amounts under the lines, VAT lines included: label and FCFA (a discount negative). */
  totals: Array<{ label: string; montant: number }>
  /** The document's total, tax included. */
  total: number
  paiement: { mode: string; statut: string } | null
  motif?: string | null
  settings: BillingSettings
}

const A4_MARGIN = 42
const GREY = '#555555'

/** Renders `doc` and answers the PDF's bytes. */
export function renderPdf(doc: PdfDocument): Promise<Buffer> {
  const { regular, bold } = loadFonts()
  const title = doc.kind === 'facture' ? 'FACTURE' : 'AVOIR'
  const pdf = new PDFDocument({
    size: 'A4',
    margin: A4_MARGIN,
    info: { Title: `${doc.kind === 'facture' ? 'Facture' : 'Avoir'} ${doc.numero}`, Author: doc.settings.nom ?? 'Teranga', Subject: `Commande ${doc.commande.numero}` },
    lang: 'fr-FR',
    // The embedded font from the start (pdfkit's default, Helvetica, would be loaded for nothing).
    font: regular as unknown as string,
  })
  pdf.registerFont('regular', regular as unknown as string)
  pdf.registerFont('bold', bold as unknown as string)
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })

  const left = A4_MARGIN
  const width = pdf.page.width - 2 * A4_MARGIN
  const s = doc.settings

  // The shop's legal identity.
  pdf.font('bold').fontSize(15).text(s.nom ?? 'Teranga', left, A4_MARGIN, { width: width / 2 })
  pdf.font('regular').fontSize(9).fillColor(GREY)
  for (const line of [s.adresse, s.telephone && `Tél. : ${s.telephone}`, s.ninea && `NINEA : ${s.ninea}`, s.rccm && `RCCM : ${s.rccm}`]) if (line) pdf.text(line, { width: width / 2 })
  const afterShop = pdf.y

  // The document's title, number and date, on the right.
  pdf.fillColor('black').font('bold').fontSize(18).text(title, left + width / 2, A4_MARGIN, { width: width / 2, align: 'right' })
  pdf.font('regular').fontSize(10).text(`N° ${doc.numero}`, { width: width / 2, align: 'right' })
  pdf.text(`Date : ${doc.date}`, { width: width / 2, align: 'right' })
  if (doc.facture) pdf.text(`Facture d’origine : ${doc.facture}`, { width: width / 2, align: 'right' })
  pdf.y = Math.max(pdf.y, afterShop) + 18

  // The customer and the order.
  pdf.x = left
  pdf.font('bold').fontSize(10).text('Client', left)
  pdf.font('regular')
  if (doc.client.nom) pdf.text(doc.client.nom, left)
  pdf.text(doc.client.livraison, left, undefined, { width })
  pdf.text(`Commande ${doc.commande.numero} du ${doc.commande.date}`, left)
  if (doc.motif) pdf.text(`Motif : ${doc.motif}`, left, undefined, { width })
  pdf.moveDown(1)

  // The lines.
  const cols = [
    { label: 'Désignation', x: left, w: width * 0.5, align: 'left' as const },
    { label: 'Qté', x: left + width * 0.5, w: width * 0.1, align: 'right' as const },
    { label: 'Prix unitaire', x: left + width * 0.6, w: width * 0.2, align: 'right' as const },
    { label: 'Total', x: left + width * 0.8, w: width * 0.2, align: 'right' as const },
  ]
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const y = pdf.y
    pdf.font(font).fontSize(9.5)
    let bottom = y
    cells.forEach((cell, i) => {
      const col = cols[i]!
      pdf.text(cell, col.x, y, { width: col.w - 4, align: col.align })
      bottom = Math.max(bottom, pdf.y)
    })
    pdf.y = bottom + 4
    pdf.x = left
  }
  row(cols.map((c) => c.label), 'bold')
  pdf.moveTo(left, pdf.y - 2).lineTo(left + width, pdf.y - 2).strokeColor('#999999').stroke()
  for (const line of doc.lines) {
    if (pdf.y > pdf.page.height - 160) pdf.addPage()
    row([line.designation, String(line.quantite), formatPrix(line.prix), formatPrix(line.total)], 'regular')
  }
  pdf.moveTo(left, pdf.y).lineTo(left + width, pdf.y).strokeColor('#999999').stroke()
  pdf.moveDown(0.6)

  // The totals, right-aligned.
  const amount = (label: string, montant: number, font: 'regular' | 'bold' = 'regular') => {
    const y = pdf.y
    pdf.font(font).fontSize(10).text(label, left + width * 0.4, y, { width: width * 0.4, align: 'right' })
    pdf.text(formatPrix(montant), left + width * 0.8, y, { width: width * 0.2 - 4, align: 'right' })
    pdf.x = left
  }
  for (const t of doc.totals) amount(t.label, t.montant)
  amount(doc.kind === 'facture' ? 'Total TTC' : 'Total remboursé TTC', doc.total, 'bold')
  pdf.moveDown(1)

  if (doc.paiement) {
    pdf.font('regular').fontSize(10).text(`Mode de paiement : ${doc.paiement.mode}`, left)
    pdf.font('bold').text(doc.paiement.statut, left)
  }
  if (!doc.vat) pdf.font('regular').fontSize(8.5).fillColor(GREY).text('Prix toutes taxes comprises.', left)

  if (s.pied) {
    pdf.font('regular').fontSize(8.5).fillColor(GREY)
    const h = pdf.heightOfString(s.pied, { width })
    pdf.text(s.pied, left, pdf.page.height - A4_MARGIN - h - 4, { width, align: 'center' })
  }
  pdf.end()
  return done
}
