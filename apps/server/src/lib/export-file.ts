// The back office's exports (issue 26 §2, ADR 060): rows streamed to the reply as a CSV that
// French Excel opens as is (UTF-8 with a BOM, `;`, CRLF) or as an .xlsx written by exceljs's
// streaming WorkbookWriter. The rows come in batches (a database cursor): neither the rows nor
// the file are ever whole in memory.
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { PassThrough, Readable } from 'node:stream'

export type ExportFormat = 'csv' | 'xlsx'

/**
 * A column: its French header (a contract for whoever reads the file: stable names, stable order)
 * and how a spreadsheet should hold it. `amount`: whole FCFA, a number; `datetime`: Dakar's wall
 * time as `YYYY-MM-DD HH:MM:SS` in the CSV, a real date in the .xlsx.
 */
export interface ExportColumn {
  header: string
  kind?: 'text' | 'number' | 'amount' | 'datetime' | 'date'
  width?: number
}

export type ExportCell = string | number | boolean | null | undefined
export type ExportRows = AsyncIterable<ExportCell[][]> | Iterable<ExportCell[][]>

/** A CSV field: a cell a spreadsheet would run as a formula starts with a quote; `;`, quotes and line breaks are quoted. */
export function csvField(value: unknown): string {
  const text = value == null ? '' : typeof value === 'boolean' ? (value ? 'oui' : 'non') : String(value)
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+$/.test(text) ? `'${text}` : text
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

async function* csvChunks(columns: readonly ExportColumn[], batches: ExportRows): AsyncGenerator<string> {
  yield `\uFEFF${columns.map((c) => csvField(c.header)).join(';')}\r\n`
  for await (const batch of batches) {
    let chunk = ''
    for (const row of batch) chunk += `${row.map(csvField).join(';')}\r\n`
    if (chunk) yield chunk
  }
}

/** `2026-11-29 14:26:33` (Dakar's wall time) as the date Excel shows: Excel has no time zones, so the wall time is written as UTC. */
function wallTime(text: string): Date | string {
  const found = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text)
  if (!found) return text
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = found
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)))
}

function xlsxStream(sheetName: string, columns: readonly ExportColumn[], batches: ExportRows): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  workbook.creator = 'Teranga'
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? (c.kind === 'datetime' ? 20 : c.kind === 'date' ? 12 : Math.max(10, Math.min(40, c.header.length + 2))),
    style: c.kind === 'datetime' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : c.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : c.kind === 'amount' ? { numFmt: '#,##0' } : {},
  }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  const write = async () => {
    for await (const batch of batches) {
      for (const row of batch) {
        const values = row.map((value, i) => {
          const kind = columns[i]?.kind
          if (value == null) return null
          if ((kind === 'datetime' || kind === 'date') && typeof value === 'string') return wallTime(value)
          if (typeof value === 'boolean') return value ? 'oui' : 'non'
          return value
        })
        sheet.addRow(values).commit()
      }
      // Lets the zip stream drain to the reply before the next batch is read; a download
      // abandoned midway ends the loop, which hands the cursor's connection back.
      if (out.writableNeedDrain && !out.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done)
            out.off('close', done)
            resolve()
          }
          out.once('drain', done)
          out.once('close', done)
        })
      }
      if (out.destroyed) return
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return out
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * Sends `rows` as `<name>.csv` or `<name>.xlsx`, streamed. The answer is signed-in data: never
 * stored by a cache.
 */
export function sendExport(reply: FastifyReply, format: ExportFormat, name: string, columns: readonly ExportColumn[], rows: ExportRows) {
  const body = format === 'csv' ? Readable.from(csvChunks(columns, rows), { objectMode: false }) : xlsxStream(name, columns, rows)
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body)
}
