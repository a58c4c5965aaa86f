// A file's size as owners read it: its own module, since the formatters every page carries use it
// while the documents flow it belongs to is fetched with its machine.

/** "1.2 MB", "340 KB", "12 bytes". */
export function fileSize(bytes: number): string {
  if (Math.round(bytes / 1024) >= 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}
