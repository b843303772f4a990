/**
 * Field speed (issue 62): the share of page views whose browser measures its speed. The site's one
 * inline script (lib/page-script.ts) draws each view against it and, on a sampled view, loads the
 * reporter (client/vitals.ts) after `load`; a share of 0 leaves the reporter out of the script.
 * An admin sets the share on the console's settings page; until one does, VITALS_DEFAULT_SHARE
 * (percent) or 25 % applies.
 *
 * Read like the running experiments: kept in this isolate for the content stamp it was read at, so
 * a change is live at once here and within the studio's freshness everywhere, and every page's
 * cache key (which carries the share too) moves with it.
 */
import type { Bindings } from '../../../env'
import { log } from '../../../lib/log'
import type { Result } from '../../../lib/result'
import type { StampedCache } from '../../platform'
import { D1VitalsSettings, type VitalsSettingsStore } from '../storage/vitals-settings'

/** The share of views measured until an admin chooses one (issue 62). */
export const DEFAULT_VITALS_SHARE = 25

/** A whole percent from 0 to 100, or undefined. */
export function shareOf(value: unknown): number | undefined {
  const text = typeof value === 'string' ? value.trim().replace(/\s*%$/, '') : ''
  if (!/^\d{1,3}$/.test(text)) return undefined
  const share = Number(text)
  return share <= 100 ? share : undefined
}

/** What the sampling needs of the content stamp (studio/services/content.ts). */
export interface StampSource {
  knownStamp(): Promise<number | undefined>
  stampChanged(): Promise<void>
}

export class VitalsSampling {
  constructor(
    private readonly store: VitalsSettingsStore,
    private readonly cache: StampedCache<number | null>,
    private readonly stamps: StampSource,
    /** VITALS_DEFAULT_SHARE as the env has it (percent), else 25. */
    readonly defaultShare: number = DEFAULT_VITALS_SHARE,
  ) {}

  /** The share chosen in the console (null: none chosen yet), the last one known while D1 cannot be read. */
  async chosen(): Promise<number | null> {
    return this.cache.current(
      await this.stamps.knownStamp(),
      () => this.store.read(),
      (reason, known) => {
        log.error('traffic', 'speed measurement share not read', { reason })
        return known ?? null
      },
    )
  }

  /** The share of views measured now, in percent. */
  async share(): Promise<number> {
    return (await this.chosen()) ?? this.defaultShare
  }

  /** Saves a share (0 to 100 %): live at once in this isolate and location, everywhere within the stamp's freshness. */
  async setShare(share: number): Promise<Result<unknown>> {
    const saved = await this.store.save(share)
    if (saved.ok) await this.stamps.stampChanged()
    return saved
  }
}

/** The root's sampling for an env: D1's setting, this isolate's cache, the studio's stamp. */
export function vitalsSamplingFor(
  env: Bindings,
  cache: StampedCache<number | null>,
  stamps: StampSource,
): VitalsSampling {
  return new VitalsSampling(
    new D1VitalsSettings(env.DB),
    cache,
    stamps,
    shareOf(env.VITALS_DEFAULT_SHARE) ?? DEFAULT_VITALS_SHARE,
  )
}
