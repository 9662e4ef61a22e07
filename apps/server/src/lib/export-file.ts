// The back office's exports (issue 26 §2, ADR 060): rows streamed to the reply as a CSV that
// French Excel opens as is (UTF-8 with a BOM, `;`, CRLF) or as an .xlsx written by exceljs's
// streaming WorkbookWriter. The rows come in batches (a database cursor): neither the rows nor
// the file are ever whole in memory.
//
// Each export streaming from a cursor holds one connection of the pool for as long as the client
// reads: an instance runs a few at once (`atOnce`, beyond: a French 503 with `retry-after`) and
// ends any of them after `timeLimitMs`, so that slow phone downloads cannot starve checkout.
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { PassThrough, Readable } from 'node:stream'
import { AppError } from './errors.ts'

/** Why a download is refused while the instance's exports are all taken. */
export const EXPORT_BUSY_MESSAGE = 'Un export est déjà en cours : réessayez dans une minute.'
/** Seconds the client is told to wait before asking again. */
const EXPORT_RETRY_AFTER_SECONDS = 60

export interface ExportLimits {
  /** Exports one instance streams at once (default 2). */
  atOnce?: number
  /** How long one export may take before it is cut and its cursor released (default 10 minutes). */
  timeLimitMs?: number
}

export interface ExportSlots {
  readonly atOnce: number
  readonly timeLimitMs: number
  /** Exports streaming now. */
  readonly open: number
  /** A slot and the function that hands it back (once, whatever the number of calls); null when all are taken. */
  take(): (() => void) | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's exports under way (export-file.ts). */
    exportSlots: ExportSlots
  }
}

export function createExportSlots(limits: ExportLimits = {}): ExportSlots {
  const atOnce = limits.atOnce ?? 2
  const timeLimitMs = limits.timeLimitMs ?? 10 * 60_000
  let open = 0
  return {
    atOnce,
    timeLimitMs,
    get open() {
      return open
    },
    take() {
      if (open >= atOnce) return null
      open++
      let given = false
      return () => {
        if (given) return
        given = true
        open--
      }
    },
  }
}

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

const csvLine = (row: readonly unknown[]) => `${row.map(csvField).join(';')}\r\n`

async function* csvChunks(columns: readonly ExportColumn[], batches: ExportRows): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(columns.map((c) => c.header))}`
  for await (const batch of batches) {
    let chunk = ''
    for (const row of batch) chunk += csvLine(row)
    if (chunk) yield chunk
  }
}

/** A small CSV file whole, in the same encoding as the streamed ones (the sales report's, ADR 059). */
export function csvDocument(headers: readonly string[], rows: Iterable<readonly ExportCell[]>): string {
  let text = `\uFEFF${csvLine(headers)}`
  for (const row of rows) text += csvLine(row)
  return text
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
 * stored by a cache. Takes one of the instance's export slots, or answers 503 without reading
 * `rows` (an async generator not yet started holds no connection); past the time limit the
 * stream ends with an error, which closes `rows` and so hands its cursor's connection back.
 */
export function sendExport(reply: FastifyReply, format: ExportFormat, name: string, columns: readonly ExportColumn[], rows: ExportRows) {
  const slots = reply.server.exportSlots
  const release = slots.take()
  if (!release) {
    reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store')
    throw new AppError(503, 'TOO_MANY_REQUESTS', EXPORT_BUSY_MESSAGE)
  }
  const body = format === 'csv' ? Readable.from(csvChunks(columns, rows), { objectMode: false }) : xlsxStream(name, columns, rows)
  const timer = setTimeout(() => body.destroy(new Error(`export cut after ${slots.timeLimitMs} ms`)), slots.timeLimitMs)
  timer.unref()
  const done = () => {
    clearTimeout(timer)
    release()
  }
  // Read to the end, abandoned by the client (Fastify destroys the stream) or cut: closed.
  body.once('close', done)
  reply.raw.once('close', done)
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body)
}
