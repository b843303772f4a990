/** The workerd package's entry (it ships no types): the runtime's version and newest compatibility date. */
declare module 'workerd' {
  export const version: string
  export const compatibilityDate: string
}
