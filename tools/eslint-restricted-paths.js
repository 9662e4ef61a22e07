// A small ESLint rule for the import boundaries of CONVENTIONS.md (ADR 016): each zone says
// that files under `target` never import files under `from` (but for `except`), or only
// those of them whose name, extension aside, ends with `suffix` (a module's `.repository`). Imports are
// resolved by path alone — relative specifiers, an app's `@/` alias (its src/) and the
// workspaces' package names — which is all this repository uses, so no native resolver is
// needed (eslint-plugin-import-x brought one whose platform packages the registry lacks).
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** `@teranga/<name>` → the workspace folder that holds it. */
function workspacePackages(root) {
  const packages = new Map()
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  for (const workspace of manifest.workspaces ?? []) {
    const file = path.join(root, workspace, 'package.json')
    if (fs.existsSync(file)) packages.set(JSON.parse(fs.readFileSync(file, 'utf8')).name, path.join(root, workspace))
  }
  return packages
}

/** `orders-writes.repository.ts` and `orders-writes.repository` both end with `.repository`. */
const endsWith = (file, suffix) => path.basename(file).replace(/\.[cm]?[jt]sx?$/, '').endsWith(suffix)

const inside = (dir, file) => {
  const relative = path.relative(dir, file)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** `aliases`: `{prefix, dir, within}` — in files under `within`, `prefix…` names `dir/…` (an app's `@/`). */
export function restrictedPathsPlugin({ root, aliases }) {
  const packages = workspacePackages(root)
  /** The file (or folder) a specifier names, or null for a package from node_modules. */
  function resolve(specifier, importer) {
    if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier)
    for (const { prefix, dir, within } of aliases) {
      if (specifier.startsWith(prefix) && inside(path.join(root, within), importer)) return path.join(root, dir, specifier.slice(prefix.length))
    }
    const [scope, name, ...rest] = specifier.split('/')
    const workspace = packages.get(`${scope}/${name}`)
    return workspace ? path.join(workspace, ...rest) : null
  }

  /** The file an import names: as written, or with the extension or index file left out. */
  function toFile(resolved) {
    for (const candidate of [resolved, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => resolved + end)]) {
      if (/\.[cm]?[jt]sx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
    }
    return null
  }

  // What each file on disk imports at run time (static and `import()`; `import type` erases),
  // read once per lint run and again only when the file changed.
  const importsOnDisk = new Map()
  function runtimeImports(file) {
    const { mtimeMs } = fs.statSync(file)
    const kept = importsOnDisk.get(file)
    if (kept?.mtimeMs === mtimeMs) return kept.files
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
    const specifiers = []
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) specifiers.push(node.moduleSpecifier)
      else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) specifiers.push(node.moduleSpecifier)
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifiers.push(node.arguments[0])
      ts.forEachChild(node, visit)
    }
    visit(source)
    const files = specifiers
      .filter((specifier) => specifier && ts.isStringLiteralLike(specifier))
      .map((specifier) => resolve(specifier.text, file))
      .map((resolved) => resolved && toFile(resolved))
      .filter(Boolean)
    importsOnDisk.set(file, { mtimeMs, files })
    return files
  }

  /** The way from `start` back to `file` through run-time imports, or null. */
  function wayBack(start, file) {
    const seen = new Set()
    const search = (at, way) => {
      if (at === file) return way
      if (seen.has(at)) return null
      seen.add(at)
      for (const next of runtimeImports(at)) {
        const found = search(next, [...way, next])
        if (found) return found
      }
      return null
    }
    return search(start, [start])
  }

  return {
    rules: {
      // A circle of imports makes what a module holds depend on the order files load in (a
      // value read before the file that defines it has run), and no layer sits above another.
      'no-import-cycle': {
        meta: { type: 'problem', schema: [] },
        create(context) {
          const file = context.filename
          const check = (node) => {
            if (node.importKind === 'type' || node.exportKind === 'type' || typeof node.source?.value !== 'string') return
            const resolved = resolve(node.source.value, file)
            const target = resolved && toFile(resolved)
            if (!target) return
            const way = wayBack(target, file)
            if (way) context.report({ node: node.source, message: `Import cycle: ${[file, ...way].map((f) => path.relative(root, f)).join(' → ')}. Move what both need below them, or compose them above.` })
          }
          return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
        },
      },
      'no-restricted-paths': {
        meta: {
          type: 'problem',
          schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
        },
        create(context) {
          const file = context.filename
          const zones = (context.options[0]?.zones ?? [])
            .map((zone) => ({
              ...zone,
              targets: [zone.target].flat().map((t) => path.join(root, t)),
              froms: [zone.from].flat().map((f) => path.join(root, f)),
            }))
            .filter((zone) => zone.targets.some((target) => inside(target, file)))
          if (zones.length === 0) return {}
          const check = (node) => {
            if (typeof node.source?.value !== 'string') return
            const resolved = resolve(node.source.value, file)
            if (!resolved) return
            for (const zone of zones) {
              const from = zone.froms.find((dir) => inside(dir, resolved))
              if (!from) continue
              if (zone.suffix && !endsWith(resolved, zone.suffix)) continue
              if ((zone.except ?? []).some((except) => inside(path.join(from, except), resolved))) continue
              context.report({ node: node.source, message: zone.message })
            }
          }
          return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
        },
      },
    },
  }
}
