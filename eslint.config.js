import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import gardener from './eslint-rules/wings.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bin/', 'scripts/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'vitest.config.ts', 'eslint-rules/*.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { gardener },
    rules: {
      'no-console': 'error',
      'gardener/wings': 'error',
      // Small modules, short functions (a factory's nested closures count toward it).
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
      // Past five, arguments go in one options object: a call then names what it passes.
      'max-params': ['error', { max: 5 }],
    },
  },
  {
    // The built-in bench sessions are data: scripted conversations, written out turn by turn.
    files: ['src/doors/bench/builtin/sessions/**'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
  { files: ['eslint-rules/**'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['test/**', 'benchmarks/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
