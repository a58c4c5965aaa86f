// The addresses a page's Markdown links to or shows images from, found by the parser the portal
// renders it with (mdast-util-from-markdown, under react-markdown), so what is checked here is
// exactly what a reader's browser would follow: inline links and images, reference definitions and
// autolinks. Raw HTML is not looked at: the portal shows it as text.
import { fromMarkdown } from 'mdast-util-from-markdown';

/** The schemes a page may link to; anything else (javascript:, data:, vbscript:, file:, relative) is refused. */
export const PAGE_LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;

export function isAllowedPageUrl(url: string): boolean {
  try {
    return (PAGE_LINK_SCHEMES as readonly string[]).includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

interface Node {
  type: string;
  url?: string;
  children?: Node[];
}

/** Every link, image and definition address in `markdown`, in order. */
export function pageUrls(markdown: string): string[] {
  const urls: string[] = [];
  const visit = (node: Node) => {
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && typeof node.url === 'string') urls.push(node.url);
    for (const child of node.children ?? []) visit(child);
  };
  visit(fromMarkdown(markdown) as Node);
  return urls;
}

/** The first address of `markdown` a page may not have, or null. */
export function firstRefusedUrl(markdown: string): string | null {
  return pageUrls(markdown).find((url) => !isAllowedPageUrl(url)) ?? null;
}
