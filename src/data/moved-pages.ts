/**
 * Routes that moved, old → new. Each old route keeps answering with a redirect
 * page (src/plugins/static-host), so links and bookmarks into it still work.
 */
export const MOVED_PAGES: Record<string, string> = {
  // The legacy spec documented the API-key operations a second time; the v1
  // pages now document the paths the clients call (FACTS.md, API keys decided).
  '/reference/api/legacy/list-api-keys': '/reference/api/get-api-keys',
  '/reference/api/legacy/create-api-key': '/reference/api/create-api-key',
  '/reference/api/legacy/revoke-api-key': '/reference/api/delete-api-key',
};
