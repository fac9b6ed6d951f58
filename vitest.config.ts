import path from 'node:path';
import {defineConfig} from 'vitest/config';

const root = __dirname;

// Unit tests live beside what they test: `__tests__/` in each feature folder of src/ and scripts/, and in the
// folders of tests/ whose checks and harnesses they test; tests/unit/ holds the site-wide ones (tests/README.md).
export default defineConfig({
  root,
  resolve: {
    alias: {
      '@site': root,
      // Docusaurus' generated table, which a test of browser code mocks (vi.mock) with its own.
      '@generated/routes': path.join(root, 'tests/support/empty-routes.ts'),
      '@atlas/route-groups': path.join(root, 'src/plugins/route-groups/client/none.js'),
    },
  },
  esbuild: {jsx: 'automatic'},
  test: {
    include: ['{src,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    environment: 'node',
    // Worker threads rather than a child process per file: the run takes 0.93x the time it took before the
    // tests moved beside their features, where processes made it slower (none of the tests changes the process).
    pool: 'threads',
    css: {modules: {classNameStrategy: 'non-scoped'}},
  },
});
