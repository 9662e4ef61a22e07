// Once per end-to-end run: a current storefront build and ONE shop (server, database, Auth
// Emulator) that every test file reaches through inject('baseURL') and inject('emulatorHost').
import type { TestProject } from 'vitest/node'
import { ensureWebBuild, startShop } from './shop-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    emulatorHost: string
  }
}

export default async function setup(project: TestProject) {
  await ensureWebBuild()
  const shop = await startShop()
  project.provide('baseURL', shop.baseURL)
  project.provide('emulatorHost', shop.emulatorHost)
  return () => shop.stop()
}
