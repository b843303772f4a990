declare module 'virtual:client-manifest' {
  /** Vite's build manifest for the client: source path → hashed output. Null in dev and tests. */
  const manifest: Record<string, { file: string; css?: string[]; imports?: string[] }> | null
  export default manifest
}

declare module 'virtual:media' {
  /** Built raster images by /media path without extension (src/build/media.ts). */
  const media: Record<string, import('./lib/picture').RasterImage>
  export default media
}

declare module 'virtual:content/blog' {
  /** The posts of src/content/blog, compiled at build time, newest first. */
  export const posts: import('./schemas/posts').Post[]
}

declare module 'virtual:content/legal' {
  /** The legal pages of src/content/legal, compiled at build time, in footer order. */
  export const legalDocuments: import('./schemas/posts').LegalDocument[]
}
