// `npm run bench:invoices`: how long 50 invoices of 10 lines take, read from the database and
// drawn as PDFs one after the other, as the download route does (ADR 061: under 5 s on the
// project's machine), and their size (under 100 KB each). On the embedded PostgreSQL, or on the
// external server BENCH_DATABASE_URL names. A benchmark reports; it asserts nothing.
import { sql } from 'drizzle-orm'
import { openBenchDatabase } from './bench-database.ts'
import { seedIfEmpty } from '../src/db/seed.ts'
import { createInvoicesService } from '../src/modules/invoices/invoices.service.ts'

const INVOICES = Number(process.env.BENCH_INVOICES ?? 50)
const LINES = 10

const bench = await openBenchDatabase(process.env.BENCH_DATABASE_URL || undefined)
try {
  const { database } = bench
  await database.migrate()
  await seedIfEmpty(database.db, { content: 'demo' })
  const db = database.db
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows
  const [role] = rows<{ id: number }>(await db.execute(sql`select id from roles where name = 'client'`))
  const [client] = rows<{ id: number }>(
    await db.execute(sql`insert into clients (firebase_uid, name, prenom, role_id) values (${`bench-${Date.now()}`}, 'Diop', 'Awa', ${role!.id}) returning id`),
  )
  const [mode] = rows<{ id: number }>(await db.execute(sql`select id from modepaiements where code = 'CASH'`))
  const [delivery] = rows<{ id: number }>(await db.execute(sql`select id from modelivraisons where code = 'DOMICILE'`))
  const variants = rows<{ id: number; produit_id: number; prix: number }>(await db.execute(sql`select id, produit_id, prix from variantes order by id limit ${LINES}`))
  if (variants.length < LINES) throw new Error(`the demo catalogue has ${variants.length} variants, ${LINES} needed`)
  const goods = variants.reduce((sum, v) => sum + v.prix * 2, 0)

  // 50 delivered cash orders of 10 lines.
  const service = createInvoicesService({ db, audit: { record: async () => {} } })
  const numbers: string[] = []
  for (let i = 0; i < INVOICES; i++) {
    const numero = `BENCH-${Date.now()}-${i}`
    const [order] = rows<{ id: number }>(
      await db.execute(sql`insert into commandes (numerocommande, client_id, etat, montantcommande, montantliv, remise, adresseliv, zone, tel, modepaiement_id, modelivraison_id, dateliv)
        values (${numero}, ${client!.id}, 'livree', ${goods}, 1000, 0, 'Sicap Liberté 6, villa 4410', 'Mermoz', '+221775554433', ${mode!.id}, ${delivery!.id}, now()) returning id`),
    )
    for (const v of variants) await db.execute(sql`insert into detail_commandes (commande_id, produit_id, variante_id, quantite, prix) values (${order!.id}, ${v.produit_id}, ${v.id}, 2, ${v.prix})`)
    numbers.push(numero)
  }
  await service.saveSettings(client!.id, { nom: 'Teranga SARL', adresse: 'Route de Ngor, Dakar', ninea: '0123456 2G3', rccm: 'SN-DKR-2024-B-12345', telephone: '+221 33 820 00 00', pied: 'Merci de votre confiance.', tva_taux: 18 })

  const reader = { id: client!.id, role: 'admin' }
  // Inserted delivered, as the previous release would leave them: numbered at their first read.
  for (const numero of numbers) await service.documentsFor(reader, numero)
  // One first invoice warms the fonts and the statements up; it is not counted.
  await service.invoicePdf(reader, numbers[0]!)
  const sizes: number[] = []
  const started = performance.now()
  for (const numero of numbers) sizes.push((await service.invoicePdf(reader, numero)).pdf.length)
  const seconds = (performance.now() - started) / 1000
  const kb = (bytes: number) => (bytes / 1024).toFixed(1)
  console.log(`invoices: ${INVOICES} PDFs of ${LINES} lines in ${seconds.toFixed(2)} s (${((seconds * 1000) / INVOICES).toFixed(1)} ms each, ${database.kind} PostgreSQL)`)
  console.log(`size: ${kb(Math.min(...sizes))}–${kb(Math.max(...sizes))} KB (budget 100 KB); 5 s budget for ${INVOICES}`)
} finally {
  await bench.close()
}
