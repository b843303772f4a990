/**
 * The content stamp (migrations/0010): one number that every change to what visitors see bumps in
 * the same batch as the change (a publish, a redirect, an experiment started or stopped), so an
 * isolate that reads a new stamp reads that again (services/stamped-cache.ts), and a cached page of
 * the old stamp is never served (render/page-cache.ts). Its SQL is written here, once. `locale`:
 * the change is a locale edition's publish (counted apart too, readLocaleBumps).
 */

/** The statement that reads the stamp (alone, or first in a batch with what belongs to it). */
export const readStamp = (db: D1Database): D1PreparedStatement =>
  db.prepare('SELECT stamp FROM content_stamp WHERE id = 1')

/** The stamp readStamp's statement read (0 before the first bump). */
export const stampOf = (read: D1Result): number =>
  (read.results[0] as { stamp: number } | undefined)?.stamp ?? 0

/**
 * The statement that bumps the stamp, last in the batch of the change; `when`: a condition of SQL
 * it also needs (`changes() = 1`: only when the statement before it changed a row).
 */
export const bumpStamp = (db: D1Database, when?: string, locale = false): D1PreparedStatement =>
  db.prepare(
    `UPDATE content_stamp SET stamp = stamp + 1${locale ? ', locale_bumps = locale_bumps + 1' : ''} WHERE id = 1${when ? ` AND ${when}` : ''}`,
  )

/**
 * How many bumps were a locale edition's publish (migrations/0051): the default locale's pages key
 * their cache on the stamp less these, so publishing German never renews a cached English page.
 */
export const readLocaleBumps = (db: D1Database): D1PreparedStatement =>
  db.prepare('SELECT locale_bumps AS stamp FROM content_stamp WHERE id = 1')
