/**
 * Machine suggestions for a translation (docs/locales.md, "Suggestions"): the English fields asked
 * of Workers AI through its binding (env.AI), an instruction-tuned model told the site's glossary
 * and answering in JSON mode with a schema whose properties are the fields' paths, so the reply has
 * the fields' shape. Each field's answer passes lib/suggestion-guards.ts (kept, repaired or
 * refused) and the fields taken are saved as the locale's draft with the status `machine`, until a
 * person reviews them. Without the binding, or where it cannot run (`npm run dev`, the tests'
 * default), nothing is asked and nothing changes: the editor says suggestions need Workers AI.
 */
import { glossary } from '../../../content/glossary'
import { log } from '../../../lib/log'
import { errorText, ok, refuse, type Result } from '../../../lib/result'
import type { FormInput } from '../../../lib/schema-form'
import { checkReply, type CheckedReply } from '../../../lib/suggestion-guards'
import { withTimeout } from '../../../lib/timeout'
import { TranslationStore } from '../storage/translations'
import { sourceHash, type TranslationDesk, type TranslationSheet } from './translation-desk'

/** Instruction-tuned, on Workers AI's JSON-mode list, and fluent in German (new-platform-facts.md §1). */
export const SUGGEST_MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast'
const ANSWER_WITHIN_MS = 60_000

/** What the tests' stand-in and the real binding both offer: `run(model, inputs)`. */
export interface AiRunner {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>
}

/** No binding, or one that cannot run here (remote bindings off); or Workers AI failed to answer. */
export type SuggestCode = 'no-ai' | 'ai-failed'

export interface Suggestion {
  checked: CheckedReply
  /** Tokens the call used, when the reply said (usage.total_tokens). */
  tokens: number | null
}

/** The instruction: translate, keep placeholders, links, Markdown and the glossary's names. */
export function suggestMessages(fields: ReadonlyMap<string, string>, language: string) {
  const system = [
    `You translate a website's English copy into ${language} for a company that builds 3D and XR online stores.`,
    'Answer with one JSON object: the same keys as the input, each value the translation of that value.',
    'Keep every placeholder in curly braces, every link and address, and the Markdown (headings, list items, links, bold and italics) exactly as they are.',
    `Never translate these names; write them exactly so: ${glossary.join(', ')}.`,
    'Write natural, concise marketing copy for business readers; use the formal "Sie" where the language has one.',
  ].join('\n')
  return [
    { role: 'system', content: system },
    { role: 'user', content: JSON.stringify(Object.fromEntries(fields)) },
  ]
}

/** A JSON schema whose properties are the fields' paths, each a string, all required, no others. */
export const replySchema = (fields: ReadonlyMap<string, string>) => ({
  type: 'object',
  properties: Object.fromEntries([...fields.keys()].map((path) => [path, { type: 'string' }])),
  required: [...fields.keys()],
  additionalProperties: false,
})

const tokensOf = (usage: unknown): number | null => {
  if (!usage || typeof usage !== 'object') return null
  const { total_tokens, prompt_tokens, completion_tokens } = usage as Record<string, unknown>
  if (typeof total_tokens === 'number') return total_tokens
  return typeof prompt_tokens === 'number' && typeof completion_tokens === 'number'
    ? prompt_tokens + completion_tokens
    : null
}

/** Asks Workers AI for these fields (path → English) in `language`, and checks its reply. */
export async function suggestFields(
  ai: AiRunner | undefined,
  fields: ReadonlyMap<string, string>,
  language: string,
): Promise<Result<Suggestion, SuggestCode>> {
  if (!ai || typeof ai.run !== 'function') return refuse('no-ai')
  const english = [...fields.values()].join('').length
  let output: unknown
  try {
    output = await withTimeout(ANSWER_WITHIN_MS, () =>
      ai.run(SUGGEST_MODEL, {
        messages: suggestMessages(fields, language),
        response_format: { type: 'json_schema', json_schema: replySchema(fields) },
        // German runs longer than English; a token is about four characters (default 256).
        max_tokens: Math.min(8000, 256 + Math.ceil(english / 2)),
        temperature: 0.2,
      }),
    )
  } catch (error) {
    const reason = errorText(error)
    // Locally (remote bindings off) the binding exists but every call throws "… needs to be run remotely".
    if (/run remotely|remote/i.test(reason)) return refuse('no-ai')
    log.error('studio', 'suggestion not answered', { reason })
    return refuse('ai-failed')
  }
  const reply = output && typeof output === 'object' ? (output as Record<string, unknown>) : {}
  return ok({ checked: checkReply(fields, reply.response, glossary), tokens: tokensOf(reply.usage) })
}

/**
 * Saves the fields a suggestion gave over the posted form (the person's other edits kept, as a Save
 * keeps them), then marks each of them `machine`, made from the English now.
 */
export async function saveSuggestion(
  desk: TranslationDesk,
  db: D1Database,
  sheet: TranslationSheet,
  form: FormInput,
  taken: ReadonlyMap<string, string>,
  by: string,
) {
  const posted: FormInput = { ...form }
  for (const [path, words] of taken) {
    posted[`t.${path}`] = words
    delete posted[`s.${path}`]
  }
  const result = await desk.save(sheet, posted, by)
  if (!result.saved.ok) return result.saved
  const writes = await Promise.all(
    sheet.fields
      .filter((field) => taken.has(field.path))
      .map(async (field) => ({
        path: field.path,
        status: 'machine' as const,
        sourceHash: await sourceHash(field.source),
        source: field.source,
      })),
  )
  const written = await new TranslationStore(db).write(
    sheet.doc,
    sheet.code,
    writes,
    by,
    new Date().toISOString(),
  )
  return written.ok ? result.saved : written
}
