// The headers of a stored file's download, shared by the document library and request attachments:
// the detected type, the size, the name (with its type's extension) for the browser to save it
// under, inline only for what the page previews (PDFs and images), never sniffed, never cached.
import { extensionOf, previewable } from './content-type.ts';
import { splitExtension } from './names.ts';

/** A header-safe filename: the name with its type's extension, quotes and non-ASCII left to filename*. */
function contentDisposition(kind: 'inline' | 'attachment', name: string, contentType: string): string {
  const extension = extensionOf(contentType);
  const full = splitExtension(name).extension.toLowerCase() === extension || (extension === '.jpg' && /\.jpe?g$/i.test(name)) ? name : name + extension;
  const ascii = full.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

/** `inline` asks for the preview; types that are not previewable are attachments all the same. */
export function downloadHeaders(file: { name: string; contentType: string; sizeBytes: number }, inline: boolean): Record<string, string> {
  const kind = inline && previewable(file.contentType) ? 'inline' : 'attachment';
  return {
    'content-type': file.contentType,
    'content-length': String(file.sizeBytes),
    'content-disposition': contentDisposition(kind, file.name, file.contentType),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}
