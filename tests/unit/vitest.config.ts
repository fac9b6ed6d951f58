import path from 'node:path';
import {defineConfig} from 'vitest/config';

const root = path.resolve(__dirname, '../..');

export default defineConfig({
  root,
  resolve: {
    alias: {
      '@site': root,
      // Docusaurus' generated table, which a test of browser code mocks (vi.mock) with its own.
      '@generated/routes': path.join(root, 'tests/unit/empty-routes.ts'),
      '@atlas/route-groups': path.join(root, 'src/plugins/route-groups/client/none.js'),
    },
  },
  esbuild: {jsx: 'automatic'},
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/samples/tests/**/*.test.ts', 'tests/content/**/*.test.ts'],
    environment: 'node',
    css: {modules: {classNameStrategy: 'non-scoped'}},
  },
});
