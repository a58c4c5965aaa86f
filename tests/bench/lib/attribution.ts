// Attributes the bytes of a built JavaScript file to the packages (or portal folders) they came
// from, through the file's source map: every generated range between two mappings belongs to the
// source of the mapping it starts with. No dependency: a source map's VLQ is short to decode.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i += 1) DIGIT[BASE64.charCodeAt(i)] = i;

/** Decodes one line of a `mappings` string into [generatedColumn, sourceIndex | -1] pairs. */
function decodeLine(text: string, state: { source: number }): Array<[number, number]> {
  const segments: Array<[number, number]> = [];
  let column = 0;
  for (const segment of text.split(',')) {
    if (segment === '') continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (let i = 0; i < segment.length; i += 1) {
      const digit = DIGIT[segment.charCodeAt(i)];
      if (digit < 0) throw new Error(`bad source map character "${segment[i]}"`);
      value += (digit & 31) << shift;
      if (digit & 32) { shift += 5; continue; }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    column += fields[0];
    if (fields.length >= 4) {
      state.source += fields[1];
      segments.push([column, state.source]);
    } else {
      segments.push([column, -1]);
    }
  }
  return segments;
}

/** The package a source path belongs to: the name after the last node_modules/, else `portal:<folder>`. */
export function ownerOf(source: string, root: string): string {
  const clean = source.replace(/^\0+/, '').replace(/\?.*$/, '');
  const marker = clean.lastIndexOf('node_modules/');
  if (marker >= 0) {
    const parts = clean.slice(marker + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (!clean.startsWith('/')) return `virtual:${clean.replace(/^virtual:/, '').split('/')[0]}`;
  const inRoot = relative(root, clean);
  if (inRoot.startsWith('..')) return `other:${clean}`;
  return `portal:${inRoot.includes(sep) ? inRoot.split(sep)[0] : inRoot}`;
}

/** A source as the bench names it: root-relative with a leading `/` for the portal's files and packages, else as the map gives it. */
export function sourceName(source: string, root: string): string {
  const clean = source.replace(/^\0+/, '').replace(/\?.*$/, '');
  if (!clean.startsWith('/')) return clean;
  const inRoot = relative(root, clean);
  return inRoot.startsWith('..') ? clean : `/${inRoot.split(sep).join('/')}`;
}

/**
 * Bytes (UTF-8) of `file` per source file of its source map (`file.map`), keyed by the absolute
 * path (or the map's own name for virtual modules). Ranges no mapping covers, and files without a
 * map, are "(no source map)": Rolldown emits no mappings for virtual modules (the portal's
 * `virtual:engine-config`, compiled from schemas/ and flows/) nor for its own glue code. The values
 * add up to the file's size.
 */
export function attributeSources(file: string): Map<string, number> {
  const code = readFileSync(file, 'utf8');
  const sources = new Map<string, number>();
  const add = (source: string, bytes: number) => { if (bytes > 0) sources.set(source, (sources.get(source) ?? 0) + bytes); };
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) {
    add('(no source map)', Buffer.byteLength(code));
    return sources;
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourceRoot?: string; mappings: string };
  const base = resolve(dirname(file), map.sourceRoot ?? '');
  const names = map.sources.map((source) => {
    const isPath = source.startsWith('.') || source.startsWith('/');
    return isPath ? resolve(base, source) : source;
  });
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  const state = { source: 0 };
  for (let l = 0; l < lines.length; l += 1) {
    const line = lines[l];
    const newline = l < lines.length - 1 ? 1 : 0;
    const segments = l < mappingLines.length ? decodeLine(mappingLines[l], state) : [];
    if (segments.length === 0) { add('(no source map)', Buffer.byteLength(line) + newline); continue; }
    add('(no source map)', Buffer.byteLength(line.slice(0, segments[0][0])) + newline);
    for (let s = 0; s < segments.length; s += 1) {
      const [start, source] = segments[s];
      const end = s + 1 < segments.length ? segments[s + 1][0] : line.length;
      add(source >= 0 ? names[source] : '(no source map)', Buffer.byteLength(line.slice(start, end)));
    }
  }
  return sources;
}

/** Bytes (UTF-8) of `file` per owner (package, `portal:<folder>`, `(no source map)`): attributeSources grouped by ownerOf. */
export function attributeFile(file: string, root: string): Map<string, number> {
  const owners = new Map<string, number>();
  for (const [source, bytes] of attributeSources(file)) {
    const owner = source === '(no source map)' ? source : ownerOf(source, root);
    owners.set(owner, (owners.get(owner) ?? 0) + bytes);
  }
  return owners;
}

/** Splits `gzipBytes` of a file among its owners in proportion to their minified bytes. */
export function scaleToGzip(owners: Map<string, number>, gzipBytes: number): Map<string, number> {
  let total = 0;
  for (const bytes of owners.values()) total += bytes;
  const scaled = new Map<string, number>();
  for (const [owner, bytes] of owners) scaled.set(owner, total === 0 ? 0 : (bytes / total) * gzipBytes);
  return scaled;
}
