// A local stand-in for an operator's OpenAI-compatible chat-completions
// endpoint (ASK_AI_ENDPOINT), for browser tests of the endpoint provider with
// no network. It streams server-sent events, records every request, and
// misbehaves on request: a question containing "cut off" loses its connection
// mid-stream the first time it is asked; "broken" answers HTTP 500.
import http from 'node:http';

export const CHAT_MOCK_PORT = 3291;
export const CHAT_MOCK_URL = `http://127.0.0.1:${CHAT_MOCK_PORT}/v1/chat/completions`;

const chunk = (content) => `data: ${JSON.stringify({choices: [{delta: {content}}]})}\n\n`;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function startChatMock(port = CHAT_MOCK_PORT) {
  const requests = [];
  const cutOnce = new Set();
  const server = http.createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type, accept');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    let body = '';
    for await (const part of req) body += part;
    const payload = JSON.parse(body);
    requests.push({headers: req.headers, payload});
    const question = payload.messages.at(-1).content;
    if (/broken/i.test(question)) return res.writeHead(500, {'content-type': 'application/json'}).end('{}');
    res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
    const pieces = ['A dataset holds ', 'the rows you upload ', '[1]. Maps are built ', 'from it [2].'];
    for (const [i, piece] of pieces.entries()) {
      res.write(chunk(piece));
      await wait(150);
      if (i === 1 && /cut off/i.test(question) && !cutOnce.has(question)) {
        cutOnce.add(question);
        res.socket.destroy();
        return;
      }
    }
    res.end('data: [DONE]\n\n');
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({requests, close: () => server.close()})),
  );
}
