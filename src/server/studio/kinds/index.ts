/**
 * The studio's kinds of document, each one module (copy.ts, post.ts, page.ts): the studio asks
 * `KINDS[kind]` (or `kindModule(doc)`) for a document's schema, defaults, build, checks, editor's
 * notes, title, address and list, and never compares a kind's name itself (a unit test counts).
 * A kind's names (prefix) and console part are its row of DOCUMENT_KINDS (lib/document-kinds.ts),
 * which TypeScript holds to this registry.
 */
import {
  extendDocumentKinds,
  kindOf,
  type DocumentKind,
  type DocumentKindRow,
} from '../../../lib/document-kinds'
import { copyKind, copyPull } from './copy'
import { pageKind, pagePull } from './page'
import { postKind, postPull } from './post'
import type { DocumentKindModule, KindPull } from './types'

export type {
  BuildInput,
  ContentDefaults,
  DocumentKindModule,
  EditorNotes,
  EditorReads,
  KindPull,
} from './types'

export const KINDS: Readonly<Record<DocumentKind, DocumentKindModule>> = {
  copy: copyKind,
  post: postKind,
  page: pageKind,
}

/** The module of a document's kind. */
export const kindModule = (doc: string): DocumentKindModule => KINDS[kindOf(doc)]

/** What content:pull writes of each kind (only the script asks, so the worker's build leaves it out). */
export const PULLS: Readonly<Record<DocumentKind, KindPull>> = {
  copy: copyPull,
  post: postPull,
  page: pagePull,
}

/** What content:pull writes of a document, by its kind. */
export const pullOf = (doc: string): KindPull => PULLS[kindOf(doc)]

/**
 * A test's hook: one kind more, as its row and its module (with its pull), until the returned function takes it
 * away again (the worker tests share one module graph). No kind of the site is added this way.
 */
export function addKindForTest(
  name: string,
  row: DocumentKindRow,
  module: DocumentKindModule & KindPull,
): () => void {
  const kinds = KINDS as Record<string, DocumentKindModule>
  const pulls = PULLS as Record<string, KindPull>
  const removeRow = extendDocumentKinds(name, row)
  kinds[name] = module
  pulls[name] = module
  return () => {
    delete kinds[name]
    delete pulls[name]
    removeRow()
  }
}
