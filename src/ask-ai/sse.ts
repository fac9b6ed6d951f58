/**
 * Reads a server-sent event stream of OpenAI-compatible chat-completion
 * chunks (`data: {"choices":[{"delta":{"content":"…"}}]}` … `data: [DONE]`).
 * Feed it text as it arrives; it calls `onText` with each piece of the answer
 * and reports whether the stream said it was done.
 */
export function createChatStreamParser(onText: (text: string) => void) {
  let buffer = '';
  let done = false;
  const event = (block: string) => {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) return;
    if (data === '[DONE]') {
      done = true;
      return;
    }
    const chunk = JSON.parse(data) as {choices?: {delta?: {content?: string | null}}[]; error?: {message?: string}};
    if (chunk.error) throw new Error(chunk.error.message ?? 'The assistant reported an error.');
    const text = chunk.choices?.[0]?.delta?.content;
    if (text) onText(text);
  };
  return {
    push(text: string) {
      buffer += text.replace(/\r\n/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        event(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    },
    /** Ends the stream; true when it finished with `[DONE]`. */
    end(): boolean {
      if (buffer.trim()) event(buffer);
      buffer = '';
      return done;
    },
  };
}
