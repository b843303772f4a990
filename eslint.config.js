// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Files in `from` may not import from the listed folders (one-way import direction, see README). */
const boundaries = [
  {
    from: 'src/lib/**',
    banned: [
      '**/components/**',
      '**/islands/**',
      '**/server/**',
      '**/pages/**',
      '**/content/**',
      '**/build/**',
    ],
  },
  {
    from: 'src/schemas/**',
    banned: [
      '**/components/**',
      '**/islands/**',
      '**/server/**',
      '**/pages/**',
      '**/content/**',
      '**/build/**',
    ],
  },
  {
    from: 'src/content/**',
    banned: ['**/components/**', '**/islands/**', '**/server/**', '**/pages/**', '**/build/**'],
  },
  {
    from: 'src/islands/**',
    banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', '**/build/**'],
  },
  {
    from: 'src/client/**',
    banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', '**/build/**'],
  },
  {
    from: 'src/components/**',
    banned: ['**/content/**', '**/server/**', '**/pages/**', '**/env', '**/build/**'],
  },
  { from: 'src/pages/**', banned: ['**/server/**', '**/env', '**/build/**'] },
  // Build-time code (Vite plugins: Markdown, media) reads the repository; the worker never loads it.
  { from: 'src/server/**/*.{ts,tsx}', banned: ['**/build/**'] },
  { from: 'src/worker.ts', banned: ['**/build/**'] },
  {
    from: 'src/build/**',
    banned: ['**/components/**', '**/islands/**', '**/server/**', '**/pages/**', '**/content/**'],
  },
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
