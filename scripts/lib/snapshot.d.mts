/** Types of snapshot.mjs for the TypeScript tests. */
export const BUILD_LOCK: string

export interface Snapshot {
  dir: string
  client: string
  config: string
  manifest: string
  remove: () => void
}

export function snapshotBuilds(
  variants: { name: string; env?: Record<string, string> }[],
  options?: { build?: boolean },
): Record<string, Snapshot>

export function snapshotBuild(options?: { build?: boolean }): Snapshot
