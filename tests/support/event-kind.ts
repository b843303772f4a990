/**
 * A document kind that exists only in tests: an event (`event:<slug>`), edited beside the site's
 * copy (/admin/content/event:<slug>), whose published title is the home page's headline. It is the
 * one module a developer's new kind is (src/server/studio/kinds/), registered for a test through
 * addKindForTest and taken away again after it; no other file of the house knows it.
 */
import { z } from 'zod'
import { kindOf, slugOf } from '../../src/lib/document-kinds'
import { applyEdition } from '../../src/lib/edition'
import { addKindForTest, type DocumentKindModule, type KindPull } from '../../src/server/studio/kinds'

/** The repository's events (a real kind would keep them in src/content/events). */
export const REPOSITORY_EVENTS = [{ slug: 'nrf-2027', title: 'Meet us at NRF 2027', city: 'New York' }]

const eventSchema = z.strictObject({ slug: z.string(), title: z.string().min(1), city: z.string() })

/** The kind's name, as lib/document-kinds.ts types the site's (the tests' kind is not one of them). */
const EVENT = 'event' as ReturnType<typeof kindOf>

/** The kind's row: its documents' names and the console part it is edited under (beside the copy). */
const ROW = { prefix: 'event:', part: 'content' } as const

/** An event's document name (its kind's row gives it, added or not). */
export const eventDoc = (slug: string) => ROW.prefix + slug

export const eventKind: DocumentKindModule & KindPull = {
  schema: z.strictObject({ event: eventSchema }),
  noun: 'event',
  defaults: (_defaults, doc) => ({ event: REPOSITORY_EVENTS.find((event) => event.slug === slugOf(doc)) }),
  opens: (base) => base.event !== undefined,
  // A live event's title is the home page's headline.
  async build({ live }, site) {
    const doc = [...live.editions.keys()].find((name) => kindOf(name) === EVENT && !live.hidden.has(name))
    if (!doc) return {}
    const base = { event: REPOSITORY_EVENTS.find((event) => event.slug === slugOf(doc)) }
    const event = applyEdition(base, live.editions.get(doc)!).event as { title: string }
    const home = { ...site.copy.home, hero: { ...site.copy.home.hero, title: event.title } }
    return { copy: { ...site.copy, home } }
  },
  async problems(_doc, value) {
    const checked = eventSchema.safeParse(value.event)
    const errors: Record<string, string> = {}
    for (const issue of checked.success ? [] : checked.error.issues)
      errors[['event', ...issue.path].join('.')] = 'Write this part.'
    return errors
  },
  title: (doc, value) => String((value?.event as { title?: string } | undefined)?.title ?? slugOf(doc)),
  place: (doc) => doc,
  back: 'All pages',
  path: () => '/',
  notes: async () => ({ onSite: true }),
  pull: (doc, value) => ({
    file: `events/${slugOf(doc)}.json`,
    text: `${JSON.stringify(value.event, null, 2)}\n`,
  }),
  listed: (states) =>
    [...states]
      .filter(([doc]) => kindOf(doc) === EVENT)
      .map(([doc, state]) => ({ doc, title: `Event: ${slugOf(doc)}`, state })),
}

/** The event kind added for the tests of one file (beforeAll), and taken away (the returned function, afterAll). */
export const addEventKind = () => addKindForTest(EVENT, ROW, eventKind)
