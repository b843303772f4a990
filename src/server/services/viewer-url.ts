import type { Bindings } from '../../env'
import { external } from '../../content/external'

/** Effective viewer address for rendering. Placeholder until the settings store lands. */
export async function effectiveViewerUrl(
  _env: Bindings,
  _ctx: Pick<ExecutionContext, 'waitUntil'>,
): Promise<string> {
  return external.defaultViewerUrl
}
