// When each step of the backups last succeeded (ADR 067): the nightly archive, its copy off the
// server and the monthly restore drill. The commands record it in the shop's database; every
// instance's /metrics reads it, so one alert rule sees a backup grow old, with no exporter.
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from './client.ts'

export const BACKUP_STEPS = ['archive', 'offsite', 'drill'] as const
export type BackupStep = (typeof BACKUP_STEPS)[number]

/** Records a step's success now, through a connection of its own (the commands have no pool). */
export async function recordBackupSuccess(url: string, step: BackupStep, detail: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query(
      `insert into backup_runs (step, succeeded_at, detail) values ($1, now(), $2)
       on conflict (step) do update set succeeded_at = excluded.succeeded_at, detail = excluded.detail`,
      [step, detail],
    )
  } finally {
    await client.end().catch(() => {})
  }
}

/** Each step's last success, in seconds since the epoch (steps never done are absent). */
export async function lastBackupSuccesses(db: Db): Promise<Array<{ step: BackupStep; seconds: number }>> {
  const result = await db.execute(sql`select step, extract(epoch from succeeded_at)::float8 as seconds from backup_runs`)
  return (result as unknown as { rows: Array<{ step: BackupStep; seconds: number }> }).rows.map((r) => ({ step: r.step, seconds: Number(r.seconds) }))
}
