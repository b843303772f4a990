import type { ComponentProps, ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { serverIslands, type IslandName } from '../islands'
import { serializeJson } from '../lib/serialize'
import { useRenderState } from './RenderContext'

export type HydrateWhen = 'load' | 'visible'

interface IslandProps<N extends IslandName> {
  name: N
  props: ComponentProps<(typeof serverIslands)[N]>
  /** 'visible' for below-the-fold widgets: hydrated (and React loaded) when they come near the screen. */
  hydrate?: HydrateWhen
}

/**
 * Server-side marker around an interactive widget. The widget is rendered as its own tree with
 * its own identifierPrefix (the client hydrates it as its own root with the same prefix, so
 * useId values match), and its props travel in a JSON block beside it.
 */
export function Island<N extends IslandName>({ name, props, hydrate = 'load' }: IslandProps<N>) {
  const { needs } = useRenderState()
  needs.add('islands')
  const id = needs.nextIslandId()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- props were typed by the caller
  const Component = serverIslands[name] as ComponentType<any>
  const html = renderToString(<Component {...(props as object)} />, { identifierPrefix: id })
  return (
    <>
      <div
        data-island={name}
        data-island-id={id}
        data-hydrate={hydrate}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <script
        type="application/json"
        data-island-props={id}
        dangerouslySetInnerHTML={{ __html: serializeJson(props) }}
      />
    </>
  )
}
