/** Types of bundle-graph.mjs, for the TypeScript tests that use it. */
export function staticSpecifiers(code: string): string[]
export function eagerFiles(dir: string, entry: string): string[]
