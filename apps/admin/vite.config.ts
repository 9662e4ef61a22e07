// The back-office: a separate Vite project (never part of the storefront's bundle), built
// with base /admin/ and served by the server's admin-app plugin.
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
// The server sends the back-office's assets precompressed too: uncompressed, its first visit on
// a 1.6 Mbps line took 4.5 s.
import { precompress } from '../web/vite-precompress.ts'

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { target: 'es2022', reportCompressedSize: true, chunkSizeWarningLimit: 700 },
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
})
