import { use, useId, type ComponentProps, type ComponentType, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { serverIslands, type IslandName } from '../islands'
import { serializeJson } from '../lib/serialize'
import { usePageState } from './RenderContext'

export type HydrateWhen = 'load' | 'visible'

interface IslandProps<N extends IslandName> {
  name: N
  props: ComponentProps<(typeof serverIslands)[N]>
  /** 'visible' for below-the-fold widgets: hydrated (and React loaded) when they come near the screen. */
  hydrate?: HydrateWhen
}

/**
 * An island's own tree as HTML, with the streaming renderer the pages use (react-dom/static's
 * prerender waits for all of it): the worker carries one React server renderer, not the legacy
 * renderToString beside it (issue 58).
 */
async function islandHtml(node: ReactNode, identifierPrefix: string): Promise<string> {
  const { prelude } = await prerender(node, { identifierPrefix })
  return new Response(prelude).text()
}

/**
 * Server-side marker around an interactive widget. The widget is rendered as its own tree with
 * its own identifierPrefix (the client hydrates it as its own root with the same prefix, so
 * useId values match), and its props travel in a JSON block beside it. That render is
 * asynchronous: the page's render waits for it (use), and meets this island again when it is
 * done, found by its place in the page (useId), so it keeps the prefix it was given first.
 */
export function Island<N extends IslandName>({ name, props, hydrate = 'load' }: IslandProps<N>) {
  const { needs } = usePageState()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- props were typed by the caller
  const Component = serverIslands[name] as ComponentType<any>
  const { id, html } = needs.island(useId(), (prefix) =>
    islandHtml(<Component {...(props as object)} />, prefix),
  )
  return (
    <>
      <div
        data-island={name}
        data-island-id={id}
        data-hydrate={hydrate}
        dangerouslySetInnerHTML={{ __html: use(html) }}
      />
      <script
        type="application/json"
        data-island-props={id}
        dangerouslySetInnerHTML={{ __html: serializeJson(props) }}
      />
    </>
  )
}
