// A small ESLint rule for the import boundaries of CONVENTIONS.md (ADR 016): each zone says
// that files under `target` never import files under `from` (but for `except`), or only
// those of them whose name, extension aside, ends with `suffix` (a module's `.repository`). Imports are
// resolved by path alone — relative specifiers, an app's `@/` alias (its src/) and the
// workspaces' package names — which is all this repository uses, so no native resolver is
// needed (eslint-plugin-import-x brought one whose platform packages the registry lacks).
import fs from 'node:fs'
import path from 'node:path'

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

  return {
    rules: {
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
