// `@generated/routes` for unit tests (vitest.config.ts): a test that needs a table mocks this.
export default [];
