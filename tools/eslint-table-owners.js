// A small ESLint rule for the map of tables to owners (ADR 048, apps/server/src/db/table-owners.ts):
// a file of a server module (`apps/server/src/modules/<module>/`) writes only the tables that
// module owns. A write is Drizzle's `.insert(t)`, `.update(t)` or `.delete(t)` of a table imported
// from the schema, or a `sql` template's `insert into ${t}`, `update ${t}` or `delete from ${t}`,
// or the same with the table's name written out (`insert into remboursements`). A table reached
// through a variable (`const t = cond ? a : b`) is not seen: the rule reads names, not types.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** The schema's tables: each export's name → the table's name in the database (`mouvementsStock` → `mouvements_stock`). */
export function schemaTables(schemaFile) {
  const source = fs.readFileSync(schemaFile, 'utf8')
  return Object.fromEntries([...source.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(([, name, table]) => [name, table]))
}

/**
 * The owner map's exports (`TABLE_OWNERS`, `OWNERSHIP_EXCEPTIONS`): the TypeScript file, which
 * imports nothing, run as JavaScript (this Node runs no TypeScript by itself).
 */
export async function loadTableOwners(file) {
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`)
}

const WRITE_METHODS = new Set(['insert', 'update', 'delete'])
/** A template's text just before an interpolated table: the table is written. */
const WRITE_BEFORE = /\b(insert\s+into|update|delete\s+from)\s*$/i
/** A table named in the template's text itself. */
const WRITE_NAMED = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi

const isSchemaImport = (specifier) => /(^|\/)db\/schema(\.ts)?$/.test(specifier)

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "A server module writes only the tables it owns (ADR 048): it asks the owner's service for the others." },
    schema: [
      {
        type: 'object',
        properties: {
          /** Where the modules are, relative to the working directory or absolute. */
          modulesDir: { type: 'string' },
          /** Each export of the schema → its table's name. */
          tables: { type: 'object', additionalProperties: { type: 'string' } },
          /** Each table → the modules that may write it. */
          owners: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          /** Writes the map tolerates for now, each with why: `{table, module, why}`. */
          exceptions: {
            type: 'array',
            items: { type: 'object', properties: { table: { type: 'string' }, module: { type: 'string' }, why: { type: 'string' } }, required: ['table', 'module'] },
          },
        },
        required: ['modulesDir', 'tables', 'owners'],
        additionalProperties: false,
      },
    ],
    messages: {
      notOwner:
        "The module « {{module}} » writes « {{table}} », which is {{owners}}'s (apps/server/src/db/table-owners.ts): ask the owner's service instead (ADR 048).",
    },
  },
  create(context) {
    const { modulesDir, tables, owners, exceptions = [] } = context.options[0]
    const relative = path.relative(path.resolve(context.cwd, modulesDir), path.resolve(context.cwd, context.filename))
    if (relative.startsWith('..') || path.isAbsolute(relative) || !relative.includes(path.sep)) return {}
    const module = relative.split(path.sep)[0]
    const allowed = (table) =>
      (owners[table] ?? []).includes(module) || exceptions.some((e) => e.table === table && e.module === module)
    const sqlNames = new Set(Object.values(tables))

    // Local names of the schema's tables: `import { produits as p }`, or `import * as schema` then `schema.produits`.
    const named = new Map()
    const namespaces = new Set()
    const tableOf = (node) => {
      if (node?.type === 'Identifier') return named.get(node.name)
      if (node?.type === 'MemberExpression' && !node.computed && node.object.type === 'Identifier' && namespaces.has(node.object.name)) {
        return tables[node.property.name]
      }
      return undefined
    }
    const check = (node, table) => {
      if (!table || allowed(table)) return
      const who = owners[table]?.length ? owners[table].map((m) => `« ${m} »`).join(' and ') : 'no module'
      context.report({ node, messageId: 'notOwner', data: { module, table, owners: who } })
    }

    return {
      ImportDeclaration(node) {
        if (!isSchemaImport(node.source.value) || node.importKind === 'type') return
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name)
          else if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type') {
            const exported = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value
            if (tables[exported]) named.set(specifier.local.name, tables[exported])
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee
        if (callee.type !== 'MemberExpression' || callee.computed || !WRITE_METHODS.has(callee.property.name)) return
        check(node, tableOf(node.arguments[0]))
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag.type === 'MemberExpression' ? node.tag.object : node.tag
        if (tag.type !== 'Identifier' || tag.name !== 'sql') return
        const { quasis, expressions } = node.quasi
        quasis.forEach((quasi, i) => {
          const text = quasi.value.cooked ?? quasi.value.raw
          for (const [, name] of text.matchAll(WRITE_NAMED)) if (sqlNames.has(name)) check(quasi, name)
          if (i < expressions.length && WRITE_BEFORE.test(text)) check(expressions[i], tableOf(expressions[i]))
        })
      },
    }
  },
}

export const tableOwnersPlugin = { meta: { name: 'table-owners' }, rules: { 'write-own-tables': rule } }
