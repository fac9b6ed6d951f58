/**
 * A twin's links made absolute, so they work wherever the Markdown is read
 * (an agent's context, a pasted chat): root-relative links and images get the
 * site's origin, a page's own anchors its URL. Code blocks are left as written.
 */
export function absoluteLinks(markdown: string, siteUrl: string, pageUrl: string): string {
  const absolute = (url: string) =>
    url.startsWith('#')
      ? `${siteUrl}${pageUrl}${url}`
      : url.startsWith('/') && !url.startsWith('//')
        ? `${siteUrl}${url}`
        : url;
  return markdown
    .split(/(^```[\s\S]*?^```[^\n]*$)/m)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            // Inline links and images: [text](url "title"), ![alt](url)
            .replace(
              /(\]\()(<?)([^)\s>]+)/g,
              (_, open: string, angle: string, url: string) => `${open}${angle}${absolute(url)}`,
            )
            // Reference definitions: [id]: url
            .replace(/^(\s*\[[^\]]+\]:\s*)(\S+)/gm, (_, head: string, url: string) => `${head}${absolute(url)}`)
            // Raw HTML the descriptions may carry: href="/…", src="/…"
            .replace(/\b(href|src)="([^"]+)"/g, (_, name: string, url: string) => `${name}="${absolute(url)}"`),
    )
    .join('');
}

/** The twin's first line: where the index of every page is ("For AI agents:", the banner wording checkers know). */
export function llmsPointer(siteUrl: string): string {
  return `> For AI agents: the documentation index is at ${siteUrl}/llms.txt; every page is also served as Markdown at its URL plus \`.md\`.`;
}
