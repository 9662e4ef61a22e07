// Placeholder build of the storefront until the React app lands: writes dist/index.html,
// which the server serves for every page route (history fallback).
import fs from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const source = fileURLToPath(new URL('../index.html', import.meta.url))
await fs.mkdir(dist, { recursive: true })
await fs.copyFile(source, new URL('index.html', `file://${dist}`))
console.log('web: dist/index.html written')
