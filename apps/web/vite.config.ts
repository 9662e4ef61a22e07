// Production build of the storefront: hashed, long-cached assets that the server serves,
// each also written gzip- and brotli-compressed so shoppers on 3G download the smallest.
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import purgeCss from '@fullhuman/postcss-purgecss'
import { fileURLToPath } from 'node:url'
import { precompress } from './vite-precompress.ts'

export default defineConfig({
  plugins: [react(), precompress()],
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
})
