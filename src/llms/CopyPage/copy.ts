/** Puts text on the clipboard, or says why it cannot. */
export async function copy(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available here.');
  await navigator.clipboard.writeText(text);
}

/** What the page says when copying failed. */
export const copyFailed = (error: unknown) =>
  `Could not copy: ${error instanceof Error ? error.message : 'unknown error'}`;
