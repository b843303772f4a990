/** Types of contact-form.mjs, for the TypeScript tests that use it. */
export function loadForm(
  base: string,
  headers?: Record<string, string>,
): Promise<{ token: string; servedAt: number }>
export function untilPostable(servedAt: number, extraMs?: number): Promise<void>
