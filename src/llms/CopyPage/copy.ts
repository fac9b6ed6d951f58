/** Puts text on the clipboard, or says why it cannot. */
export async function copy(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available here.');
  await navigator.clipboard.writeText(text);
}
