// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** What the pure layers (lib, schemas) and the build plugins may not import: anything above them. */
const aboveThePureLayers = [
  '**/components/**',
  '**/islands/**',
  '**/server/**',
  '**/pages/**',
  '**/content/**',
]
/** Build-time code (Vite plugins: Markdown, media) reads the repository; the worker and browser never load it. */
const buildTime = '**/build/**'

/** Files in `from` may not import from the listed folders (one-way import direction, see README). */
const boundaries = [
  { from: 'src/lib/**', banned: [...aboveThePureLayers, buildTime] },
  { from: 'src/schemas/**', banned: [...aboveThePureLayers, buildTime] },
  {
    from: 'src/content/**',
    banned: ['**/components/**', '**/islands/**', '**/server/**', '**/pages/**', buildTime],
  },
  { from: 'src/islands/**', banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', buildTime] },
  { from: 'src/client/**', banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', buildTime] },
  {
    from: 'src/components/**',
    banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', buildTime],
  },
  { from: 'src/pages/**', banned: ['**/server/**', '**/env', buildTime] },
  { from: 'src/server/**/*.{ts,tsx}', banned: [buildTime] },
  { from: 'src/worker.ts', banned: [buildTime] },
  { from: 'src/build/**', banned: aboveThePureLayers },
]

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.wrangler/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  { files: ['tests/**', '*.ts', '*.js'], languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries.map(({ from, banned }) => ({
    files: [from],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: banned.map((group) => ({
            group: [group],
            message: 'Breaks the one-way import direction (README, Architecture).',
          })),
        },
      ],
    },
  })),
)
