import path from 'node:path';
import {defineConfig} from 'vitest/config';

const root = path.resolve(__dirname, '../..');

export default defineConfig({
  root,
  resolve: {
    alias: {'@site': root},
  },
  esbuild: {jsx: 'automatic'},
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    css: {modules: {classNameStrategy: 'non-scoped'}},
  },
});
