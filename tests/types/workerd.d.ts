/** The workerd package ships no types; tests/unit/toolchain.test.ts reads this one export. */
declare module 'workerd' {
  /** The newest compatibility date this runtime supports. */
  export const compatibilityDate: string
}
