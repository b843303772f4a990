/**
 * The agency's file as the XLIFF worker tests handle it (xliff.test.ts, xliff-editions.test.ts):
 * downloaded from /admin/content/xliff/de, read, edited unit by unit, and posted back as the
 * upload form and the check page's Apply do (multipart, no script); and the German rows of D1 a
 * check must leave as they were.
 */
import { expect } from 'vitest'
import { readXliff } from '../../../src/lib/xliff-read'
import type { XliffDocument, XliffUnit } from '../../../src/lib/xliff-write'
import { ADMIN_COOKIE, adminGet, callApp, env, SAME_ORIGIN } from '../support'

export const FILE_AT = '/admin/content/xliff/de'

export async function download(cookie = ADMIN_COOKIE) {
  const { response, body } = await adminGet(FILE_AT, {}, cookie)
  expect(response.status).toBe(200)
  return { response, text: body }
}

export const parsed = (text: string): XliffDocument => {
  const read = readXliff(text)
  if (!read.ok) throw new Error(read.why)
  return read.value
}

/** Posts a file as the upload form does (multipart); with `apply`, as the check page's Apply button does. */
export function upload(text: string, { apply = false, cookie = ADMIN_COOKIE } = {}) {
  const form = new FormData()
  if (apply) {
    form.set('xliff', text)
    form.set('apply', 'yes')
  } else form.set('file', new File([text], 'from-the-agency.xlf', { type: 'application/xliff+xml' }))
  return callApp(FILE_AT, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, ...SAME_ORIGIN },
    body: form,
  })
}

/** What the studio holds of German: the editions' rows and the fields' statuses. */
export async function germanRows() {
  const documents = await env.DB.prepare(
    "SELECT doc, draft, draft_version, published FROM content_documents WHERE doc LIKE '%@de' ORDER BY doc",
  ).all()
  const statuses = await env.DB.prepare(
    "SELECT doc, path, status, source_hash, source FROM content_translations WHERE locale = 'de' ORDER BY doc, path",
  ).all()
  return { documents: documents.results, statuses: statuses.results }
}

export const unitIn = (file: XliffDocument, doc: string, path: string): XliffUnit =>
  file.files.find((one) => one.id === doc)!.units.find((unit) => unit.id === path)!

/** The file with some units changed. */
export function edited(
  file: XliffDocument,
  doc: string,
  changes: Record<string, Partial<XliffUnit>>,
): XliffDocument {
  return {
    ...file,
    files: file.files.map((one) =>
      one.id !== doc ? one : { ...one, units: one.units.map((unit) => ({ ...unit, ...changes[unit.id] })) },
    ),
  }
}
