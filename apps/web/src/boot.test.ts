// The boot script imports the app once the pictures in sight have loaded (so the largest one
// paints before the scripts take the main thread), at once on a tap or a key.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const app = { imports: 0 }

/** An image laid out at `top`, not loaded yet. */
function picture(top: number): HTMLImageElement {
  const img = document.createElement('img')
  img.src = `/media/catalogue/photo-${top}.webp`
  Object.defineProperty(img, 'complete', { configurable: true, value: false })
  img.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 300, height: 200 })
  document.body.append(img)
  return img
}

const frames = (n = 4) => new Promise<void>((resolve) => {
  const step = (left: number) => (left === 0 ? setTimeout(resolve, 0) : requestAnimationFrame(() => setTimeout(() => step(left - 1), 0)))
  step(n)
})

/** Runs the boot script anew, with an app whose import is counted. */
async function boot() {
  vi.resetModules()
  vi.doMock('./main.tsx', () => {
    app.imports++
    return {}
  })
  await import('./boot.ts')
}

beforeEach(() => {
  app.imports = 0
})
afterEach(() => {
  document.body.replaceChildren()
})

describe('boot', () => {
  it('waits for the pictures in sight, not for those below the window', async () => {
    const inSight = picture(100)
    picture(window.innerHeight + 500)
    await boot()
    await frames()
    expect(app.imports).toBe(0)

    inSight.dispatchEvent(new Event('load'))
    await vi.waitFor(() => expect(app.imports).toBe(1))
  })

  it('a picture that fails to load counts as done', async () => {
    const broken = picture(0)
    await boot()
    await frames()
    expect(app.imports).toBe(0)
    broken.dispatchEvent(new Event('error'))
    await vi.waitFor(() => expect(app.imports).toBe(1))
  })

  it('starts at once on a tap, and only once', async () => {
    const slow = picture(0)
    await boot()
    await frames()
    expect(app.imports).toBe(0)
    window.dispatchEvent(new Event('pointerdown'))
    await vi.waitFor(() => expect(app.imports).toBe(1))
    slow.dispatchEvent(new Event('load'))
    await frames()
    expect(app.imports).toBe(1)
  })

  it('with no picture in sight, starts after the first frames', async () => {
    await boot()
    await vi.waitFor(() => expect(app.imports).toBe(1))
  })
})
