// Production build of the storefront: hashed, long-cached assets that the server serves,
// each also written gzip- and brotli-compressed so shoppers on 3G download the smallest.
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import purgeCss from '@fullhuman/postcss-purgecss'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { VitePWA } from 'vite-plugin-pwa'
import { MIN_BYTES, precompress } from './vite-precompress.ts'

const THEME = '#00763a'

/**
 * The installable shop and its service worker (docs/decisions/032): the manifest, and the
 * worker of src/features/offline/sw.ts built with the list of files to keep (the shell).
 * index.html is the server's template, never served as is: the worker keeps the offline shell
 * the server draws from it at /offline.html, under the template's revision.
 */
function offlineShop() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/features/offline',
    filename: 'sw.ts',
    injectRegister: false,
    // The icons are in the precache list already (the glob below).
    includeManifestIcons: false,
    registerType: 'prompt',
    manifest: {
      name: 'Teranga',
      short_name: 'Teranga',
      description: "L'épicerie en ligne de Dakar : produits frais et du quotidien, livrés chez vous ou à retirer en dépôt.",
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The checkout map's code (50 KB) is kept only once a shopper opens it.
      globIgnores: ['**/leaflet-maps-*', '**/*.br', '**/*.gz', 'sw.js'],
      manifestTransforms: [
        (entries) => ({
          manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/offline.html' } : entry)),
          warnings: [],
        }),
      ],
      rollupFormat: 'es',
    },
  })
}

/**
 * The worker and the manifest are written after the bundle (the plugin's closeBundle), once
 * precompress() has run: they get their own compressed copies, as every other file has.
 */
function precompressWorker(): Plugin {
  let outDir = 'dist'
  return {
    name: 'teranga-precompress-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        for (const name of ['sw.js', 'manifest.webmanifest']) {
          const file = path.join(outDir, name)
          const buffer = await fs.readFile(file).catch(() => null)
          if (!buffer || buffer.length < MIN_BYTES) continue
          await fs.writeFile(`${file}.gz`, gzipSync(buffer, { level: 9 }))
          await fs.writeFile(`${file}.br`, brotliCompressSync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))
        }
      },
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress(), ...(isSsrBuild ? [] : [offlineShop(), precompressWorker()])],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The server-rendering bundle carries its own copy of every library it uses, so the
  // server can load it without resolving the web app's dependencies.
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    manifest: true,
    cssCodeSplit: true,
    reportCompressedSize: false,
  },
  css: {
    // Bootstrap's stylesheet is render-blocking: keep only the rules the shop's markup uses.
    // react-bootstrap builds some class names at run time (modal, offcanvas, fade/show), so
    // those families are kept whole; so is Leaflet's stylesheet (the checkout map's chunk),
    // whose classes Leaflet's script sets.
    postcss: {
      plugins: [
        purgeCss({
          content: ['./index.html', './src/**/*.tsx', './src/**/*.ts'],
          safelist: {
            standard: [/^modal/, /^offcanvas/, /^fade$/, /^show/, /^hiding$/, /^btn-close/, /^text-bg-/, /^is-invalid/, /^invalid-feedback/, /^visually-hidden/],
            greedy: [/modal/, /offcanvas/, /leaflet/],
          },
          variables: true,
        }),
      ],
    },
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/graphql': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
}))
