// Which addresses a Markdown text may link to or show: an absolute address whose scheme is listed.
// Parsed by the URL parser the browser follows links with, so tabs, newlines or upper case in a
// scheme (`java\tscript:`, `JAVASCRIPT:`) cannot slip by.
export const DEFAULT_SCHEMES = ['http', 'https', 'mailto'] as const;

export function allowedUrl(url: string, schemes: readonly string[] = DEFAULT_SCHEMES): boolean {
  try {
    return schemes.includes(new URL(url).protocol.slice(0, -1));
  } catch {
    return false;
  }
}
