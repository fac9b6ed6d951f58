// `@generated/routes` for unit tests (tests/unit/vitest.config.ts): a test that needs a table mocks this.
export default [];
