import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['fields', 'field-detail', 'audit'];

// Import direction: contract <- analysis <- service; contract <- api <- features <- app;
// features may import analysis (the drawer loads it lazily).
const layerRules = [
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/analysis/**',
                '**/service/**',
                '**/api/**',
                '**/app/**',
                '**/features/**',
                '**/components/**',
              ],
              message: 'contract imports nothing of the project.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/analysis/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/service/**',
                '**/api/**',
                '**/app/**',
                '**/features/**',
                '**/components/**',
                'react',
                'node:*',
              ],
              message:
                'analysis is pure code over contract, run by the service and the browser alike.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/service/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/api/**',
                '**/app/**',
                '**/features/**',
                '**/components/**',
                'react',
                'react-dom',
              ],
              message: 'The service never imports browser code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/api/**', 'src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/service/**', '**/analysis/**', '**/app/**', '**/features/**'],
              message: 'api and components sit below features and app.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/service/**', '**/app/**'],
              message: 'Features never import the service or the app shell.',
            },
            {
              group: features
                .filter((other) => other !== feature)
                .flatMap((other) => [`**/${other}/**`, `../${other}`]),
              message: 'Features do not import each other; share through api or components.',
            },
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      'data',
      'test-results',
      'playwright-report',
      'bench/results',
      'bench/tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/service/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...layerRules,
);
