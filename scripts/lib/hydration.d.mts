/** Types of hydration.mjs, for the TypeScript tests that use it. */
import type { Page } from 'playwright-core'
export function hydrateEveryIsland(page: Page, timeout?: number): Promise<void>
