// Renders every media key of src/db/seed-data.ts to assets/media/<key>-<width>.webp (plus LICENSES.md),
// drawing Fluent Emoji Flat icons on generated backgrounds. Usage: npx tsx apps/server/scripts/build-media.ts [--force]
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getIconData, iconToHTML, iconToSVG, replaceIDs } from '@iconify/utils'
import type { IconifyJSON } from '@iconify/types'
import sharp from 'sharp'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { CAROUSEL, CATALOGUE, PAYMENT_MODES, PREFERENCES, PRIVILEGES } from '../src/db/seed-data.ts'

const SCRIPT = fileURLToPath(import.meta.url)
const SERVER_ROOT = path.resolve(path.dirname(SCRIPT), '..')
const SEED_DATA = path.join(SERVER_ROOT, 'src/db/seed-data.ts')
const OUT_DIR = path.join(SERVER_ROOT, 'assets/media')
const WEBP = { quality: 78, effort: 4 } as const

const require = createRequire(import.meta.url)
const ICON_SET_DIR = path.dirname(require.resolve('@iconify-json/fluent-emoji-flat/package.json'))
const ICONS = JSON.parse(await readFile(path.join(ICON_SET_DIR, 'icons.json'), 'utf8')) as IconifyJSON

// ---------------------------------------------------------------------------------------------
// SVG building blocks. Every image is one SVG at its final pixel size, rasterised by sharp, so
// each width is drawn crisply rather than downscaled.

interface Placed {
  icon: string
  /** Centre, as fractions of the canvas width and height. */
  x: number
  y: number
  /** Edge of the icon's square box, as a fraction of the canvas height. */
  size: number
  rotate?: number
}

/** The icon as an <svg> element of `size` px whose top-left corner is at (x, y). */
function iconElement(name: string, x: number, y: number, size: number): string {
  const data = getIconData(ICONS, name)
  if (!data) throw new Error(`Unknown Fluent Emoji Flat icon "${name}"`)
  const svg = iconToSVG(data)
  const body = replaceIDs(svg.body) // unique ids, since one image may hold several icons
  return iconToHTML(body, {
    ...svg.attributes,
    x: fmt(x),
    y: fmt(y),
    width: fmt(size),
    height: fmt(size),
  })
}

function placedIcons(items: Placed[], w: number, h: number): string {
  return items
    .map((it) => {
      const size = it.size * h
      const cx = it.x * w
      const cy = it.y * h
      const el = iconElement(it.icon, cx - size / 2, cy - size / 2, size)
      return it.rotate ? `<g transform="rotate(${it.rotate} ${fmt(cx)} ${fmt(cy)})">${el}</g>` : el
    })
    .join('')
}

const fmt = (n: number) => String(Math.round(n * 100) / 100)

function svgDoc(w: number, h: number, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${content}</svg>`
}

/** A soft drop shadow under an icon whose box is centred at (cx, cy). */
function groundShadow(cx: number, cy: number, size: number, opacity = 0.1): string {
  return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy + size * 0.46)}" rx="${fmt(size * 0.36)}" ry="${fmt(size * 0.06)}" fill="#3b2f20" opacity="${opacity}"/>`
}

// ---------------------------------------------------------------------------------------------
// Catalogue tiles: the icon centred on a square with a pastel tint of its (first) category.

const NEUTRAL = '#f6f3ee'
const CATEGORY_TINTS: Record<string, string> = {
  'Épicerie': '#fbf0dc',
  'Fruits et légumes': '#e7f4df',
  'Boissons': '#e0f0f8',
  'Boucherie et poissonnerie': '#fbe6e2',
  'Produits laitiers et œufs': '#edf1fa',
  'Boulangerie et petit-déjeuner': '#f8ebdb',
  'Hygiène et beauté': '#f4e8f5',
  'Entretien de la maison': '#e2f2ef',
  'Bébé': '#fdebf1',
  'Snacks et confiseries': '#fff3d4',
}

function catalogueSvg(icon: string, tint: string, w: number): string {
  const pad = 0.12 * w
  const size = w - 2 * pad
  const bg =
    `<defs><radialGradient id="tr-bg" cx="50%" cy="42%" r="75%">` +
    `<stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>` +
    `</radialGradient></defs>` +
    `<rect width="${w}" height="${w}" fill="${tint}"/><rect width="${w}" height="${w}" fill="url(#tr-bg)"/>`
  return svgDoc(w, w, bg + groundShadow(w / 2, w / 2, size, 0.08) + iconElement(icon, pad, pad, size))
}

// ---------------------------------------------------------------------------------------------
// Banners: a gradient, a few soft discs, and a composition of icons kept to the right so the
// storefront's HTML title can sit on the left. No text anywhere.

interface BannerRecipe {
  ratio: number
  from: string
  to: string
  /** Colour of the soft discs behind the icons. */
  glow: string
  icons: Placed[]
}

const BANNERS: Record<string, BannerRecipe> = {
  'slide-fraicheur': {
    ratio: 3,
    from: '#f3fbe9',
    to: '#a8dc8c',
    glow: '#ffffff',
    icons: [
      { icon: 'leafy-green', x: 0.6, y: 0.34, size: 0.42, rotate: -12 },
      { icon: 'watermelon', x: 0.9, y: 0.3, size: 0.44, rotate: 10 },
      { icon: 'mango', x: 0.745, y: 0.55, size: 0.62, rotate: -8 },
      { icon: 'tomato', x: 0.6, y: 0.76, size: 0.36 },
      { icon: 'carrot', x: 0.88, y: 0.74, size: 0.4, rotate: 20 },
      { icon: 'lime', x: 0.965, y: 0.62, size: 0.24 },
      { icon: 'bell-pepper', x: 0.515, y: 0.58, size: 0.26, rotate: -10 },
      { icon: 'banana', x: 0.66, y: 0.15, size: 0.26, rotate: 15 },
    ],
  },
  'slide-epicerie': {
    ratio: 3,
    from: '#fff6e5',
    to: '#f4c27a',
    glow: '#fffaf0',
    icons: [
      { icon: 'sheaf-of-rice', x: 0.54, y: 0.42, size: 0.5, rotate: -10 },
      { icon: 'cooked-rice', x: 0.7, y: 0.56, size: 0.6 },
      { icon: 'canned-food', x: 0.85, y: 0.36, size: 0.42, rotate: 8 },
      { icon: 'hot-beverage', x: 0.94, y: 0.72, size: 0.36 },
      { icon: 'spaghetti', x: 0.835, y: 0.8, size: 0.32 },
      { icon: 'peanuts', x: 0.585, y: 0.82, size: 0.26, rotate: 25 },
      { icon: 'teapot', x: 0.955, y: 0.25, size: 0.3, rotate: -6 },
      { icon: 'salt', x: 0.76, y: 0.16, size: 0.22, rotate: 12 },
    ],
  },
  'slide-poissonnerie': {
    ratio: 3,
    from: '#e8f7fd',
    to: '#5fb8e6',
    glow: '#ffffff',
    icons: [
      { icon: 'canoe', x: 0.6, y: 0.62, size: 0.5 },
      { icon: 'fish', x: 0.76, y: 0.42, size: 0.62, rotate: -6 },
      { icon: 'shrimp', x: 0.915, y: 0.3, size: 0.36, rotate: 12 },
      { icon: 'squid', x: 0.935, y: 0.72, size: 0.34, rotate: -10 },
      { icon: 'oyster', x: 0.835, y: 0.8, size: 0.28 },
      { icon: 'spiral-shell', x: 0.53, y: 0.25, size: 0.22, rotate: -15 },
      { icon: 'water-wave', x: 0.69, y: 0.85, size: 0.26 },
      { icon: 'lime', x: 0.65, y: 0.16, size: 0.2, rotate: 20 },
    ],
  },
  'slide-livraison': {
    ratio: 3,
    from: '#fffbe0',
    to: '#7fcf9a',
    glow: '#ffffff',
    icons: [
      { icon: 'delivery-truck', x: 0.62, y: 0.6, size: 0.6 },
      { icon: 'house-with-garden', x: 0.87, y: 0.52, size: 0.62 },
      { icon: 'motor-scooter', x: 0.745, y: 0.3, size: 0.36, rotate: -4 },
      { icon: 'shopping-bags', x: 0.525, y: 0.3, size: 0.28, rotate: -8 },
      { icon: 'round-pushpin', x: 0.93, y: 0.16, size: 0.22 },
      { icon: 'mobile-phone', x: 0.755, y: 0.8, size: 0.26, rotate: 10 },
      { icon: 'package', x: 0.955, y: 0.84, size: 0.2 },
    ],
  },
  'promo-fruits': {
    ratio: 2,
    from: '#fff1dc',
    to: '#ffad5a',
    glow: '#fff8ec',
    icons: [
      { icon: 'mango', x: 0.71, y: 0.54, size: 0.5, rotate: -10 },
      { icon: 'pineapple', x: 0.9, y: 0.36, size: 0.44, rotate: 10 },
      { icon: 'tangerine', x: 0.86, y: 0.8, size: 0.3 },
      { icon: 'watermelon', x: 0.53, y: 0.27, size: 0.3, rotate: -14 },
      { icon: 'label', x: 0.54, y: 0.76, size: 0.28, rotate: -20 },
      { icon: 'sparkles', x: 0.65, y: 0.13, size: 0.18 },
    ],
  },
  'promo-fidelite': {
    ratio: 2,
    from: '#f4ecff',
    to: '#9c7ee0',
    glow: '#ffffff',
    icons: [
      { icon: 'trophy', x: 0.72, y: 0.5, size: 0.56 },
      { icon: 'gem-stone', x: 0.9, y: 0.32, size: 0.3, rotate: 12 },
      { icon: 'wrapped-gift', x: 0.9, y: 0.76, size: 0.32, rotate: -6 },
      { icon: 'sports-medal', x: 0.545, y: 0.34, size: 0.3, rotate: -12 },
      { icon: 'glowing-star', x: 0.56, y: 0.78, size: 0.24 },
      { icon: 'sparkles', x: 0.72, y: 0.12, size: 0.16 },
    ],
  },
}

function bannerSvg(r: BannerRecipe, w: number): string {
  const h = Math.round(w / r.ratio)
  const discs = [
    { x: 0.74, y: 0.5, r: 0.62, o: 0.35 },
    { x: 0.95, y: 0.05, r: 0.35, o: 0.25 },
    { x: 0.55, y: 1.0, r: 0.3, o: 0.2 },
    { x: 0.08, y: 0.1, r: 0.22, o: 0.12 },
  ]
    .map((d) => `<circle cx="${fmt(d.x * w)}" cy="${fmt(d.y * h)}" r="${fmt(d.r * h)}" fill="${r.glow}" opacity="${d.o}"/>`)
    .join('')
  const bg =
    `<defs><linearGradient id="tr-bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${r.from}"/><stop offset="1" stop-color="${r.to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#tr-bg)"/>`
  return svgDoc(w, h, bg + discs + placedIcons(r.icons, w, h))
}

// ---------------------------------------------------------------------------------------------
// Square tiles for the brand, the payment modes and the loyalty tiers.

const GREEN = '#00853F'
const YELLOW = '#FDEF42'
const RED = '#E31B23'

type TileRecipe = (w: number) => string

function roundedTile(w: number, fill: string, content: string, defs = ''): string {
  return svgDoc(w, w, `${defs}<rect width="${w}" height="${w}" rx="${fmt(w * 0.2)}" fill="${fill}"/>${content}`)
}

function gradientTile(w: number, from: string, to: string, content: string): string {
  const defs =
    `<defs><linearGradient id="tr-tile" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`
  return roundedTile(w, 'url(#tr-tile)', content, defs)
}

const centred = (icon: string, w: number, fraction: number, dx = 0, dy = 0) =>
  iconElement(icon, w * (0.5 - fraction / 2 + dx), w * (0.5 - fraction / 2 + dy), w * fraction)

const disc = (w: number, r: number, fill: string, extra = '') =>
  `<circle cx="${w / 2}" cy="${w / 2}" r="${fmt(w * r)}" fill="${fill}" ${extra}/>`

/** A five-pointed star (the flag's) centred at (x, y), both fractions of w, with outer radius r·w. */
function star(w: number, x: number, y: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = (i % 2 === 0 ? r : r * 0.4) * w
    const angle = -Math.PI / 2 + (i * Math.PI) / 5
    return `${fmt(x * w + radius * Math.cos(angle))},${fmt(y * w + radius * Math.sin(angle))}`
  })
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`
}

const TILES: Record<string, TileRecipe> = {
  // Logo: a basket on a yellow disc ringed with red and the green of the flag; transparent corners.
  'brand/logo': (w) =>
    svgDoc(w, w, disc(w, 0.5, GREEN) + disc(w, 0.42, RED) + disc(w, 0.39, YELLOW) + star(w, 0.5, 0.22, 0.075, GREEN) + centred('basket', w, 0.48, 0, 0.07)),
  // Second logo: the flag's three bands in a disc, a white centre and the basket, for dark backgrounds.
  'brand/logo2': (w) => {
    const clip = `<defs><clipPath id="tr-clip"><circle cx="${w / 2}" cy="${w / 2}" r="${w / 2}"/></clipPath></defs>`
    const bands = `<g clip-path="url(#tr-clip)"><rect width="${fmt(w / 3)}" height="${w}" fill="${GREEN}"/><rect x="${fmt(w / 3)}" width="${fmt(w / 3 + 1)}" height="${w}" fill="${YELLOW}"/><rect x="${fmt((2 * w) / 3)}" width="${fmt(w / 3 + 1)}" height="${w}" fill="${RED}"/></g>`
    return svgDoc(w, w, clip + bands + disc(w, 0.38, '#ffffff') + centred('basket', w, 0.5, 0, 0.01))
  },
  'payments/cash': (w) =>
    gradientTile(w, '#eaf7ea', '#bfe6c3', centred('dollar-banknote', w, 0.62, -0.04, -0.04) + centred('coin', w, 0.34, 0.2, 0.2)),
  'payments/wave': (w) => gradientTile(w, '#6fd3fb', '#1c8fe0', disc(w, 0.33, '#ffffff') + centred('water-wave', w, 0.46)),
  'payments/om': (w) => roundedTile(w, '#1f1f1f', disc(w, 0.36, '#ff7900') + centred('mobile-phone', w, 0.5)),
  'payments/free': (w) => gradientTile(w, '#f4444d', '#c30d17', disc(w, 0.33, '#ffffff', 'opacity="0.92"') + centred('mobile-phone', w, 0.48)),
  'payments/card': (w) => gradientTile(w, '#eef1fb', '#c5cdf0', centred('credit-card', w, 0.68)),
}

const PRIVILEGE_ICONS: Record<string, string> = {
  bronze: '3rd-place-medal',
  argent: '2nd-place-medal',
  or: '1st-place-medal',
  platine: 'gem-stone',
}

/** Mixes a hex colour with white; `amount` 1 gives white. */
function lighten(hex: string, amount: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16)
  const mix = (c: number) => Math.round(c + (255 - c) * amount)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix) as [number, number, number]
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`
}

function privilegeRecipe(name: string, couleur: string): TileRecipe {
  const icon = PRIVILEGE_ICONS[name]
  if (!icon) throw new Error(`No icon chosen for privilege image "privileges/${name}"`)
  return (w) => gradientTile(w, lighten(couleur, 0.85), lighten(couleur, 0.45), disc(w, 0.36, '#ffffff', 'opacity="0.55"') + centred(icon, w, 0.62))
}

// ---------------------------------------------------------------------------------------------
// Collect the keys of seed-data.ts and pick a recipe for each.

interface Job {
  key: string
  /** Width in px -> SVG source. */
  render: (w: number) => string
}

function collectJobs(): Job[] {
  const jobs = new Map<string, Job>()
  const add = (key: string, render: (w: number) => string) => {
    if (!jobs.has(key)) jobs.set(key, { key, render })
  }
  const recipeFor = (key: string): ((w: number) => string) => {
    const [folder, name, ...rest] = key.split('/')
    if (!folder || !name || rest.length > 0) throw new Error(`Media key "${key}" is not "<folder>/<name>"`)
    if (folder === 'banners') {
      const banner = BANNERS[name]
      if (!banner) throw new Error(`No banner recipe for media key "${key}"`)
      return (w) => bannerSvg(banner, w)
    }
    if (folder === 'privileges') {
      const privilege = PRIVILEGES.find((p) => p.image === key)
      return privilegeRecipe(name, privilege?.couleur ?? '#999999')
    }
    const tile = TILES[key]
    if (!tile) throw new Error(`No recipe for media key "${key}"`)
    return tile
  }

  for (const category of CATALOGUE) {
    const tint = CATEGORY_TINTS[category.designation] ?? NEUTRAL
    const keys = [category.image, ...category.souscategories.flatMap((s) => [s.image, ...s.produits.map((p) => p.image)])]
    for (const key of keys) {
      const match = /^catalogue\/([a-z0-9-]+)$/.exec(key)
      if (!match) throw new Error(`Catalogue image "${key}" is not "catalogue/<icon-name>"`)
      const icon = match[1]!
      if (!getIconData(ICONS, icon)) throw new Error(`Unknown Fluent Emoji Flat icon "${icon}" (media key "${key}")`)
      add(key, (w) => catalogueSvg(icon, tint, w))
    }
  }
  const others = [
    ...CAROUSEL.map((c) => c.image),
    PREFERENCES.logo,
    PREFERENCES.logo2,
    PREFERENCES.promotion,
    PREFERENCES.promotion2,
    ...PAYMENT_MODES.map((p) => p.image),
    ...PRIVILEGES.map((p) => p.image),
  ]
  for (const key of others) add(key, recipeFor(key))
  // Draw every recipe once, small, so a bad icon name fails before any file is written.
  for (const job of jobs.values()) job.render(IMAGE_WIDTHS[0])
  return [...jobs.values()]
}

// ---------------------------------------------------------------------------------------------

async function mtime(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs
  } catch {
    return null
  }
}

async function runPool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

async function writeLicences(): Promise<void> {
  const info = JSON.parse(await readFile(path.join(ICON_SET_DIR, 'info.json'), 'utf8')) as {
    name: string
    author: { name: string; url: string }
    license: { title: string; spdx: string; url: string }
  }
  const pkg = JSON.parse(await readFile(path.join(ICON_SET_DIR, 'package.json'), 'utf8')) as { name: string; version: string }
  const text = `# Media licences

The product, category, banner, logo, payment and loyalty illustrations in this folder are
rendered by \`apps/server/scripts/build-media.ts\` from **${info.name}**, Microsoft's Fluent Emoji
(${info.author.url}), as packaged by Iconify in \`${pkg.name}@${pkg.version}\`.
The backgrounds and compositions are generated by the script; the emoji artwork is
© ${info.author.name}, used under the ${info.license.title} licence (${info.license.url}), reproduced below.

## Fluent Emoji — ${info.license.spdx}

\`\`\`
MIT License

Copyright (c) Microsoft Corporation.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
\`\`\`
`
  await writeFile(path.join(OUT_DIR, 'LICENSES.md'), text)
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force')
  const started = performance.now()
  const jobs = collectJobs()
  const sourcesTime = Math.max((await mtime(SCRIPT)) ?? 0, (await mtime(SEED_DATA)) ?? 0)

  let written = 0
  let skipped = 0
  let writtenBytes = 0
  const tasks = jobs.flatMap((job) => IMAGE_WIDTHS.map((width) => ({ job, width })))
  await runPool(tasks, Math.max(2, availableParallelism()), async ({ job, width }) => {
    const file = path.join(OUT_DIR, `${job.key}-${width}.webp`)
    const existing = await mtime(file)
    if (!force && existing !== null && existing > sourcesTime) {
      skipped++
      return
    }
    await mkdir(path.dirname(file), { recursive: true })
    const svg = job.render(width)
    const info = await sharp(Buffer.from(svg)).webp(WEBP).toFile(file)
    written++
    writtenBytes += info.size
  })
  await writeLicences()

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `build-media: ${jobs.length} media keys × ${IMAGE_WIDTHS.length} widths = ${tasks.length} files; ` +
      `${written} written (${kb(writtenBytes)}), ${skipped} up to date; ${seconds} s → ${path.relative(process.cwd(), OUT_DIR) || '.'}`,
  )
}

main().catch((err: unknown) => {
  console.error(`build-media: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})
