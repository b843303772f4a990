declare module 'virtual:client-manifest' {
  /** Vite's build manifest for the client: source path → hashed output. Null in dev and tests. */
  const manifest: Record<string, { file: string; css?: string[]; imports?: string[] }> | null
  export default manifest
}
