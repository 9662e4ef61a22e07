// The lint rule of the map of tables to owners (ADR 048, tools/eslint-table-owners.js): a module's
// file that writes a table its module does not own fails, by Drizzle's insert/update/delete or by
// a raw `sql` template (the table interpolated or written out); its own tables, reads, other
// objects' `.delete()`, files outside the modules and the map's named exceptions pass.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { tableOwnersPlugin } from '../../../tools/eslint-table-owners.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url))
const inModule = (module: string, file = 'x.repository.ts') => path.join(modulesDir, module, file)
const options = [
  {
    modulesDir,
    tables: { produits: 'produits', mouvementsStock: 'mouvements_stock', clients: 'clients', remboursements: 'remboursements' },
    owners: { produits: ['backoffice-catalogue', 'stock'], mouvements_stock: ['stock'], clients: ['auth', 'account'], remboursements: ['payments'] },
    exceptions: [{ table: 'remboursements', module: 'backoffice-orders', why: 'moving' }],
  },
]
const schema = "import { clients, mouvementsStock, produits, remboursements } from '../../db/schema.ts'\nimport { sql } from 'drizzle-orm'\n"
const valid = (module: string, code: string) => ({ filename: inModule(module), options, code: schema + code })
const ownersOf = { produits: '« backoffice-catalogue » and « stock »', mouvements_stock: '« stock »', clients: '« auth » and « account »', remboursements: '« payments »' }
const invalid = (module: string, code: string, table: keyof typeof ownersOf) => ({
  filename: inModule(module),
  options,
  code: schema + code,
  errors: [{ messageId: 'notOwner', data: { module, table, owners: ownersOf[table] } }],
})

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } })

tester.run('table-owners/write-own-tables', tableOwnersPlugin.rules['write-own-tables'], {
  valid: [
    // The owner writes, by Drizzle and by raw SQL.
    valid('stock', 'await db.insert(mouvementsStock).values(v)'),
    valid('stock', 'await db.execute(sql`update ${produits} p set quantite = p.quantite + 1`)'),
    valid('stock', 'await db.execute(sql`with m as (select 1) insert into ${mouvementsStock} (delta) values (1)`)'),
    valid('auth', 'await db.update(clients).set({ name: n })'),
    valid('account', 'await db.update(clients).set({ name: n })'),
    // Reads of anyone's tables.
    valid('orders', 'await db.select().from(mouvementsStock).where(x); await db.execute(sql`select * from ${produits} for update`)'),
    // `.delete()` and `.update()` of what is no table of the schema.
    valid('orders', 'const seen = new Set(); seen.delete(produits.id); hash.update(token); cache.delete(key)'),
    // A named exception of the map.
    valid('backoffice-orders', 'await db.execute(sql`insert into remboursements (montant) values (${m})`)'),
    // Outside the modules (the seed, the plugins) nothing is checked.
    { filename: path.join(modulesDir, '..', 'db', 'seed.ts'), options, code: schema + 'await db.insert(mouvementsStock).values(v)' },
    // A type-only import names no table that can be written.
    { filename: inModule('orders'), options, code: "import type { produits } from '../../db/schema.ts'\nlet p: typeof produits.$inferSelect" },
  ],
  invalid: [
    invalid('orders', 'await db.insert(mouvementsStock).values(v)', 'mouvements_stock'),
    invalid('backoffice-catalogue', 'await db.update(mouvementsStock).set(v)', 'mouvements_stock'),
    invalid('staff', 'await db.delete(clients).where(w)', 'clients'),
    invalid('orders', 'await db.execute(sql`update ${produits} set quantite = quantite - 1`)', 'produits'),
    invalid('orders', 'await db.execute(sql`with lines as (select 1) insert into ${mouvementsStock} (delta) select 1`)', 'mouvements_stock'),
    invalid('cart', 'await db.execute(sql`delete from ${clients} where id = ${id}`)', 'clients'),
    // The table's name written out in the SQL, quoted or not.
    invalid('orders', 'await db.execute(sql`insert into remboursements (montant) values (${m})`)', 'remboursements'),
    invalid('orders', 'await db.execute(sql`update "mouvements_stock" set motif = null`)', 'mouvements_stock'),
    // Renamed, or through the schema's namespace.
    {
      filename: inModule('orders'),
      options,
      code: "import { produits as p } from '../../db/schema.ts'\nawait db.update(p).set({ quantite: 0 })",
      errors: [{ messageId: 'notOwner', data: { module: 'orders', table: 'produits', owners: '« backoffice-catalogue » and « stock »' } }],
    },
    {
      filename: inModule('orders', 'nested.service.ts'),
      options,
      code: "import * as schema from '../../db/schema.ts'\nawait db.insert(schema.mouvementsStock).values(v)",
      errors: [{ messageId: 'notOwner', data: { module: 'orders', table: 'mouvements_stock', owners: '« stock »' } }],
    },
  ],
})
