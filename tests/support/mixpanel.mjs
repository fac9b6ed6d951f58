/**
 * The events in one Mixpanel /track request: a form body whose `data` field is
 * a JSON array of events, base64-encoded unless the client sends plain JSON.
 * @param {string} body
 * @returns {{event: string, properties: Record<string, unknown>}[]}
 */
export function mixpanelEvents(body) {
  const data = (new URLSearchParams(body).get('data') ?? '').trim();
  const json = /^[[{]/.test(data) ? data : Buffer.from(data, 'base64').toString('utf8');
  const parsed = JSON.parse(json);
  return Array.isArray(parsed) ? parsed : [parsed];
}
