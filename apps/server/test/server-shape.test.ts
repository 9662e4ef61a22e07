// The server's shape (ADR 015): modules reach each other only through what they publish,
// REST routes declare their answers, an answer carries exactly the declared fields, and every
// table has its owners (ADR 048).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { OWNERSHIP_EXCEPTIONS, TABLE_OWNERS } from '../src/db/table-owners.ts'
import { errorResponses, registerRest } from '../src/lib/rest.ts'
import { schemaTables } from '../../../tools/eslint-table-owners.js'

describe('registerRest', () => {
  it('refuses a route that declares no success answer', async () => {
    const app = Fastify()
    await expect(
      registerRest(app, async (api) => {
        api.get('/sans-schema', { schema: { response: { ...errorResponses } } }, async () => ({ ok: true }))
      }, {}),
    ).rejects.toThrow('GET /api/sans-schema declares no response schema')
    await app.close()
  })

  it('sends only the declared fields, and refuses to send an answer missing one', async () => {
    const app = Fastify()
    await registerRest(
      app,
      async (api) => {
        api.get(
          '/produit/:id',
          { schema: { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: z.object({ id: z.number() }), ...errorResponses } } },
          async (request) => {
            const { id } = request.params as { id: number }
            return id === 4 ? { secret: 'interne' } : { id, secret: 'interne' }
          },
        )
      },
      {},
    )
    const ok = await app.inject({ url: '/api/produit/3' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ id: 3 })
    const bad = await app.inject({ url: '/api/produit/abc' })
    expect(bad.statusCode).toBe(400)
    // An answer missing a declared field is the server's fault, never a partial answer.
    const incomplete = await app.inject({ url: '/api/produit/4' })
    expect(incomplete.statusCode).toBe(500)
    expect(incomplete.body).not.toContain('interne')
    await app.close()
  })
})

const MODULES_DIR = fileURLToPath(new URL('../src/modules', import.meta.url))

/** Imports by one module of another's files: `[importer, imported, typeOnly]`. */
function crossModuleImports(): Array<[string, string, boolean]> {
  const found: Array<[string, string, boolean]> = []
  for (const module of fs.readdirSync(MODULES_DIR)) {
    for (const file of fs.readdirSync(path.join(MODULES_DIR, module))) {
      const source = fs.readFileSync(path.join(MODULES_DIR, module, file), 'utf8')
      for (const [, typeOnly, specifier] of source.matchAll(/^import (type )?[\s\S]*? from '([^']+)'/gm)) {
        const other = /^\.\.\/([\w-]+\/[\w.-]+)$/.exec(specifier!)
        if (other) found.push([`${module}/${file}`, other[1]!, Boolean(typeOnly)])
      }
    }
  }
  return found
}

describe('modules', () => {
  it('use one another only through their published formats, the product projection and services', () => {
    const imports = crossModuleImports()
    expect(imports.length).toBeGreaterThan(0)
    // A service may be imported for its helpers (the lifecycle's actors, the loyalty service bound
    // to an order's transaction); a plugin or the Firebase verifier for its types only.
    const refused = imports
      .filter(([, imported, typeOnly]) => {
        if (imported.endsWith('.format.ts') || imported.endsWith('.service.ts') || imported === 'catalogue/product-projection.ts') return false
        return !(typeOnly && /\.plugin\.ts$|\/firebase-verifier\.ts$/.test(imported))
      })
      .map(([importer, imported]) => `${importer} -> ${imported}`)
    expect(refused).toEqual([])
  })

  it('leave the payment attempts to the payments module, which owns them (its ledger service takes the caller\'s transaction)', () => {
    const naming: string[] = []
    for (const module of fs.readdirSync(MODULES_DIR)) {
      if (module === 'payments') continue
      for (const file of fs.readdirSync(path.join(MODULES_DIR, module))) {
        const source = fs.readFileSync(path.join(MODULES_DIR, module, file), 'utf8')
        // The table by its Drizzle name or in raw SQL (`modepaiements` is another table).
        if (/\bpaiements\b/.test(source)) naming.push(`${module}/${file}`)
      }
    }
    expect(naming).toEqual([])
  })
})

describe('the map of tables to owners (ADR 048)', () => {
  const schemaFile = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url))
  const modules = new Set(fs.readdirSync(MODULES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name))

  it('names an owner list for every table of the schema, and only tables of the schema', () => {
    const tables = Object.values(schemaTables(schemaFile)).sort()
    expect(tables.length).toBeGreaterThan(40)
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables)
  })

  it('names only existing modules, as owners and in its exceptions, and no exception an owner already has', () => {
    const owners: readonly string[] = Object.values(TABLE_OWNERS).flat()
    expect(owners.filter((module) => !modules.has(module))).toEqual([])
    expect(OWNERSHIP_EXCEPTIONS.filter((e) => !modules.has(e.module) || !(e.table in TABLE_OWNERS))).toEqual([])
    expect(OWNERSHIP_EXCEPTIONS.filter((e) => (TABLE_OWNERS[e.table] as readonly string[]).includes(e.module))).toEqual([])
    expect(OWNERSHIP_EXCEPTIONS.every((e) => e.why.length > 10)).toBe(true)
  })

  it('leaves the stock and its history to the stock ledger, and clients to sign-in and the account', () => {
    expect(TABLE_OWNERS.mouvements_stock).toEqual(['stock'])
    expect([...TABLE_OWNERS.variantes].sort()).toEqual(['backoffice-catalogue', 'stock'])
    expect(TABLE_OWNERS.produits as readonly string[]).not.toContain('stock')
    expect([...TABLE_OWNERS.clients].sort()).toEqual(['account', 'auth'])
    expect(OWNERSHIP_EXCEPTIONS.filter((e) => e.table === 'mouvements_stock')).toEqual([])
  })

  it("names no variant's stock column in a write outside the stock ledger, and no product's summary column in any", () => {
    // The lint rule checks tables; `variantes` has two writers, its stock one: the ledger. A
    // product's stock, prices and counts are its variants' summary, written by the database only
    // (migration 0033): no module writes them, the ledger included (ADR 053 §2-3).
    const stockWrite = /update \$\{variantes\}[^`]*\bset\b[^`]*\bquantite\s*=|\.update\(variantes\)\s*\.set\(\{[^}]*\bquantite\b|mouvementsStock\)\s*\.values/
    const summaryWrite = /update \$\{produits\}[^`]*\bset\b[^`]*\b(quantite|nb_variantes|prix_max|recherche_variantes)\s*=|\.update\(produits\)\s*\.set\(\{[^}]*\b(quantite|nbVariantes|prixMax|rechercheVariantes)\b/
    const writing: string[] = []
    for (const module of modules) {
      for (const file of fs.readdirSync(path.join(MODULES_DIR, module))) {
        const source = fs.readFileSync(path.join(MODULES_DIR, module, file), 'utf8')
        if ((module !== 'stock' && stockWrite.test(source)) || summaryWrite.test(source)) writing.push(`${module}/${file}`)
      }
    }
    expect(writing).toEqual([])
  })
})
