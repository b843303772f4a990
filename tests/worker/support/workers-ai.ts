/**
 * A stand-in for the Workers AI binding (env.AI), passed as a test's env override: `run(model,
 * inputs)` as the binding takes it for a text-generation model in JSON mode (`messages`,
 * `response_format: { type: 'json_schema', json_schema }`), answering as the binding does
 * (`{ response, usage: { prompt_tokens, completion_tokens, total_tokens } }`, `response` an object
 * as the JSON-mode docs show it). By default it "translates" each English value of the user
 * message by marking it; `reply` changes what a field gets (a mangled suggestion). It keeps every
 * request it received.
 */
import type { Bindings } from '../../../src/env'

export interface AiRequest {
  model: string
  inputs: {
    messages: { role: string; content: string }[]
    response_format: {
      type: string
      json_schema: { properties: Record<string, unknown>; required: string[] }
    }
    max_tokens?: number
  }
}

export const USAGE = { prompt_tokens: 600, completion_tokens: 234, total_tokens: 834 }

/** What the stand-in writes for an English value unless told otherwise. */
export const machineWords = (english: string) => `${english} (auf Deutsch)`

export function workersAiStandIn(
  reply: (path: string, english: string) => unknown = (_, en) => machineWords(en),
) {
  const received: AiRequest[] = []
  const binding = {
    async run(model: string, inputs: AiRequest['inputs']) {
      received.push({ model, inputs: structuredClone(inputs) })
      if (!Array.isArray(inputs.messages) || inputs.response_format?.type !== 'json_schema')
        throw new Error('InferenceUpstreamError: bad input')
      const english = JSON.parse(inputs.messages.find((m) => m.role === 'user')!.content) as Record<
        string,
        string
      >
      const response = Object.fromEntries(
        Object.entries(english).map(([path, en]) => [path, reply(path, en)]),
      )
      return { response, usage: USAGE }
    },
  }
  return { received, overrides: { AI: binding } as unknown as Partial<Bindings> }
}
