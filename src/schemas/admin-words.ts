/**
 * The type of the console's words, written once: src/content/admin holds them, and their type is
 * what that object is (`typeof adminCopy`). Where words are keyed by a registry (the console's
 * parts, section types, refusal codes, channels, traffic dimensions, roles), the content file says
 * so with `satisfies Record<Key, …>`, so a row added to the registry fails to compile until it has
 * its words. tests/unit/admin-words.test.ts checks that every word is plain, non-empty words.
 *
 * Components and pages may not import content (eslint.config.js), so content/admin/index.ts hands
 * its type in here by declaration merging, the way Hono's `ContextRenderer` is typed:
 * `declare module '../../schemas/admin-words' { interface AdminCopyOf { copy: typeof adminCopy } }`.
 */
import type { NoticeCopy } from './copy'

/** Filled in by content/admin/index.ts with the type of the console's words. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by declaration merging
export interface AdminCopyOf {}

/** Every word of the console, as content/admin/index.ts has it. */
export type AdminCopy = AdminCopyOf extends { copy: infer Copy } ? Copy : never

/** A notice after a redirect: a status when the change went through, an alert when not. */
export type AdminNotice = NoticeCopy & { ok: boolean }
