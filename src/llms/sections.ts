/**
 * One section of a Markdown page: the heading whose text is `heading` and
 * everything up to the next heading of the same or a higher level. Headings
 * inside code fences do not count. Undefined when no heading matches.
 */
export function sectionOf(markdown: string, heading: string): string | undefined {
  const wanted = normalise(heading);
  const lines = markdown.split('\n');
  let fenced = false;
  let start = -1;
  let level = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    if (start === -1) {
      if (normalise(match[2]!) === wanted) {
        start = i;
        level = depth;
      }
    } else if (depth <= level) {
      return `${lines.slice(start, i).join('\n').trimEnd()}\n`;
    }
  }
  return start === -1 ? undefined : `${lines.slice(start).join('\n').trimEnd()}\n`;
}

/** Heading text as both a page and its twin spell it: no Markdown marks, zero-width spaces or case. */
function normalise(text: string): string {
  return text
    .replace(/[`*_\u200b]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
