// The recovery from a failed chunk download: one reload, then the error is let through.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installPreloadRecovery } from './preload-recovery.ts'

function fakeWindow() {
  const target = new EventTarget() as EventTarget & { sessionStorage: Storage; location: { reload: () => void } }
  target.sessionStorage = window.sessionStorage
  target.location = { reload: vi.fn() }
  return target
}

const preloadError = () => new Event('vite:preloadError', { cancelable: true })

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => {
  window.sessionStorage.clear()
  vi.restoreAllMocks()
})

describe('vite:preloadError', () => {
  it('prevents the error and reloads once', () => {
    const target = fakeWindow()
    const uninstall = installPreloadRecovery(target as unknown as Window, () => 100_000)
    const event = preloadError()
    target.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(target.location.reload).toHaveBeenCalledTimes(1)
    expect(console.error).toHaveBeenCalledTimes(1)
    uninstall()
  })

  it('lets a second failure soon after through, so a broken deploy cannot loop', () => {
    const target = fakeWindow()
    let clock = 100_000
    installPreloadRecovery(target as unknown as Window, () => clock)
    target.dispatchEvent(preloadError())
    clock += 2_000
    const second = preloadError()
    target.dispatchEvent(second)
    expect(second.defaultPrevented).toBe(false)
    expect(target.location.reload).toHaveBeenCalledTimes(1)
    clock += 60_000
    const later = preloadError()
    target.dispatchEvent(later)
    expect(later.defaultPrevented).toBe(true)
    expect(target.location.reload).toHaveBeenCalledTimes(2)
  })
})
