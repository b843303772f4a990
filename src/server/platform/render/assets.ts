import type { RenderState } from '../../../components/RenderContext'

type Manifest = Record<string, { file: string; css?: string[] }> | null

const SOURCES = {
  styles: 'src/styles/app.css',
  console: 'src/styles/console.css',
  islands: 'src/client/islands.tsx',
  enhance: 'src/client/enhance.ts',
  passkeys: 'src/client/passkeys.ts',
  tools: 'src/client/console-tools.ts',
  vitals: 'src/client/vitals.ts',
} as const

/**
 * URLs of the client entries: hashed files from the build manifest, or Vite-served sources in
 * dev (manifest is null there).
 */
export function resolveAssets(manifest: Manifest): RenderState['assets'] {
  if (!manifest) {
    return {
      styles: '/' + SOURCES.styles,
      console: '/' + SOURCES.console,
      islands: '/' + SOURCES.islands,
      enhance: '/' + SOURCES.enhance,
      passkeys: '/' + SOURCES.passkeys,
      tools: '/' + SOURCES.tools,
      vitals: '/' + SOURCES.vitals,
      dev: true,
    }
  }
  const file = (src: string) => {
    const entry = manifest[src]
    if (!entry) throw new Error(`client manifest has no entry for ${src}`)
    return '/' + entry.file
  }
  return {
    styles: file(SOURCES.styles),
    console: file(SOURCES.console),
    islands: file(SOURCES.islands),
    enhance: file(SOURCES.enhance),
    passkeys: file(SOURCES.passkeys),
    tools: file(SOURCES.tools),
    vitals: file(SOURCES.vitals),
    dev: false,
  }
}
