// The root setup (../eslint.config.js), plus what the API's code and Node test runner need.
import root from '../eslint.config.js';

export default [
  ...root,
  { ignores: ['drizzle/**', '.data/**', 'uploads/**', 'outbox/**'] },
  {
    files: ['**/*.ts'],
    rules: {
      // Fastify plugins, hooks and handlers are async by contract (the promise signals completion),
      // whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // node:test's describe/it return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      // Tests read JSON answers as untyped values and assert on them.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
];
