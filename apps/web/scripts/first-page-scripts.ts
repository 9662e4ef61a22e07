// The scripts the storefront's first page fetches before the app runs, read from Vite's
// manifest: the entry of index.html and its static imports, plus what the entry itself imports
// dynamically (the boot script imports the app right after the first paint) with their static
// imports. Route chunks loaded only for other pages are not counted. Used by the Lighthouse
// bench and by the smoke e2e's budget check.
import fs from 'node:fs'
import path from 'node:path'

interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

/** The first page's script files, as paths relative to `webDist` (`assets/…js`). */
export function firstPageScripts(webDist: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit('index.html')
  for (const dynamic of manifest['index.html']?.dynamicImports ?? []) visit(dynamic)
  return [...files].filter((file) => file.endsWith('.js'))
}
