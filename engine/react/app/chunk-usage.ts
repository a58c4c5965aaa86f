// Which lazily loaded chunks (screens, widgets, forms, flows, contents) a render used. Rendering a
// page ahead of time notes them in the page, and the browser loads exactly those before it adopts
// the markup: a part whose code is still loading while hydration goes on would be rendered afresh
// by the first urgent update that reached it (a store the part reads changing), showing its busy
// state meanwhile and moving everything below it.

/** `kind:id`, e.g. `form:login`. */
export type ChunkName = `${string}:${string}`;

let recording: Set<ChunkName> | null = null;

/** Notes that the render in progress uses a chunk; nothing is kept unless a recording is open. */
export function noteChunk(kind: string, id: string): void {
  recording?.add(`${kind}:${id}`);
}

/** Runs `render` while recording and returns what it rendered with the chunks it used, sorted. */
export async function withChunkRecording<Value>(render: () => Promise<Value>): Promise<{ value: Value; chunks: ChunkName[] }> {
  const open = new Set<ChunkName>();
  recording = open;
  try {
    const value = await render();
    return { value, chunks: [...open].sort() };
  } finally {
    recording = null;
  }
}

/** The chunk names in an attribute value (space-separated); anything malformed is left out. */
export function parseChunkNames(value: string | null): Array<{ kind: string; id: string }> {
  return (value ?? '').split(/\s+/).filter((name) => /^[a-z]+:\S+$/.test(name))
    .map((name) => ({ kind: name.slice(0, name.indexOf(':')), id: name.slice(name.indexOf(':') + 1) }));
}
