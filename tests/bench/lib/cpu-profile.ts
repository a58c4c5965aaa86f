// Where a server's CPU time went, from a V8 .cpuprofile (`node --cpu-prof`): each sample is
// charged to the nearest frame of its stack that belongs to a part of the request (a package under
// node_modules/, a file of the repository, or Node's socket and HTTP modules), so the time of a
// built-in or of Node's other internals (JSON.stringify, an HMAC through WebCrypto, a file write)
// counts for the code that called it. The parts are those docs/bench.md reports (validation,
// authorization, logging, the driver, …).
// Kept free of I/O so it is unit-tested (tests/unit/bench-cpu-profile.test.ts).

export interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber?: number }
export interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
/** The parts of a .cpuprofile this reads. Times are µs on the monotonic clock (process.hrtime in µs). */
export interface CpuProfile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

/** The part of a request a place belongs to, in the order they are reported. */
export const PARTS = [
  'HTTP: parsing requests, writing answers (node:http, net)',
  'Fastify routing, hooks and reply',
  'request logging (pino)',
  'security headers (helmet)',
  'control-character guard',
  'request validation (ajv)',
  'token verification (jose)',
  'authorization (x-policy guard, sessions)',
  'database driver (pg), its socket writes included',
  'handlers and payment service',
  'sandbox provider',
  'JSON and other server code',
  'other packages, timers and microtasks',
  'garbage collection',
  'V8 and native, outside JavaScript',
] as const;
export type Part = (typeof PARTS)[number];
const SOCKETS: Part = 'HTTP: parsing requests, writing answers (node:http, net)';
const DRIVER: Part = 'database driver (pg), its socket writes included';

/** The package (`name` or `@scope/name`) of a node_modules path, or null. */
export function packageOf(url: string): string | null {
  const at = url.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = url.slice(at + '/node_modules/'.length).split('/');
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

/** The repository path of a file: URL (`server/authz/guard.ts`), or null when it is not under `root`. */
export function repoPathOf(url: string, root: string): string | null {
  const prefix = `file://${root.endsWith('/') ? root : `${root}/`}`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : null;
}

const PACKAGE_PARTS: Array<[RegExp, Part]> = [
  [/^(pino|pino-std-serializers|sonic-boom|thread-stream|on-exit-leak-free|fast-redact|quick-format-unescaped|atomic-sleep|safe-stable-stringify)$/, 'request logging (pino)'],
  [/^(@fastify\/helmet|helmet)$/, 'security headers (helmet)'],
  [/^(ajv|ajv-formats|fast-uri|fast-deep-equal|json-schema-traverse)$/, 'request validation (ajv)'],
  [/^jose$/, 'token verification (jose)'],
  [/^(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|postgres-array|postgres-bytea|postgres-date|postgres-interval|pgpass|split2)$/, DRIVER],
  [/^(fastify|find-my-way|avvio|light-my-request|@fastify\/.*|fast-json-stringify|secure-json-parse|fast-querystring|toad-cache|rfdc|process-warning|abstract-logging|content-type|fastq|reusify|ret|safe-regex2|proxy-addr|forwarded|ipaddr\.js|semver|json-schema-ref-resolver|@lukeed\/ms)$/, 'Fastify routing, hooks and reply'],
];

const REPO_PARTS: Array<[RegExp, Part]> = [
  [/^server\/input-guard\.ts$/, 'control-character guard'],
  [/^server\/openapi\//, 'request validation (ajv)'],
  [/^server\/(authz|auth)\//, 'authorization (x-policy guard, sessions)'],
  [/^server\/db\//, DRIVER],
  [/^server\/(handlers|payments|mail)\//, 'handlers and payment service'],
  [/^server\/sandbox-provider\//, 'sandbox provider'],
  [/^server\/security-headers\.ts$/, 'security headers (helmet)'],
  [/^server\/request-log\.ts$/, 'request logging (pino)'],
];

/** Node's own modules that are a part of their own: sockets (the HTTP answers' and the database's) and HTTP parsing. */
const NODE_SOCKETS = /^node:(_http_|http$|https$|net$|stream$|internal\/(streams\/|http|stream_base_commons|net$))/;

/**
 * The part a frame belongs to; null for a frame that is not one of its own (a built-in, a native
 * function, Node's internals other than sockets and HTTP), whose time goes to its caller's part.
 */
export function partOf(frame: CallFrame, root: string): Part | null {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(program)') return 'V8 and native, outside JavaScript';
    return null;
  }
  const pkg = packageOf(url);
  if (pkg) return PACKAGE_PARTS.find(([pattern]) => pattern.test(pkg))?.[1] ?? 'other packages, timers and microtasks';
  const file = repoPathOf(url, root);
  if (file) return REPO_PARTS.find(([pattern]) => pattern.test(file))?.[1] ?? 'JSON and other server code';
  if (NODE_SOCKETS.test(url)) return SOCKETS;
  if (url.startsWith('node:')) return null;
  return 'other packages, timers and microtasks';
}

export interface ProfileSummary {
  /** CPU time sampled in the window (idle excluded), µs. */
  busyMicros: number;
  /** Wall time of the window, µs. */
  wallMicros: number;
  /** µs per part, every part present (0 when none), in PARTS order. */
  parts: Array<{ part: Part; micros: number }>;
  /** The functions that ran most themselves (their own frame at the top of the stack), most first. */
  topFunctions: Array<{ name: string; micros: number }>;
}

export interface Window { from: number; to: number }

/**
 * Sums the profile's samples inside the windows, each [from, to) in µs of the profile's clock (the
 * whole profile when none are given). A sample's time is the delta to the next sample, as DevTools
 * counts it.
 */
export function summarize(profile: CpuProfile, root: string, windows: Window[] = [], top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOfNode = new Map<number, Part | 'idle'>();
  const resolve = (id: number): Part | 'idle' => {
    const known = partOfNode.get(id);
    if (known) return known;
    const frame = byId.get(id)!.callFrame;
    let part: Part | 'idle';
    if (frame.functionName === '(idle)' && frame.url === '') part = 'idle';
    else {
      const own = partOf(frame, root);
      const up = parent.get(id);
      const atRoot = up === undefined || byId.get(up)!.callFrame.functionName === '(root)';
      // Nothing below the root claims it: Node's event loop itself (timers, microtask queue).
      const above = () => (atRoot ? 'other packages, timers and microtasks' : resolve(up));
      if (own === null) part = above();
      // A socket write the driver asked for is a database round trip's cost, not the HTTP answer's.
      else if (own === SOCKETS) part = above() === DRIVER ? DRIVER : SOCKETS;
      else part = own;
    }
    partOfNode.set(id, part);
    return part;
  };
  const spans = windows.length > 0 ? windows : [{ from: profile.startTime, to: profile.endTime + 1 }];
  const inside = (t: number) => spans.some((w) => t >= w.from && t < w.to);
  const totals = new Map<Part, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i];
    if (!inside(time)) continue;
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    const id = profile.samples[i];
    const part = resolve(id);
    if (part === 'idle') continue;
    busy += next;
    totals.set(part, (totals.get(part) ?? 0) + next);
    const frame = byId.get(id)!.callFrame;
    const where = frame.url ? ` ${shortUrl(frame.url, root)}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    functions.set(name, (functions.get(name) ?? 0) + next);
  }
  const wall = spans.reduce((sum, w) => sum + Math.max(0, Math.min(w.to, profile.endTime) - Math.max(w.from, profile.startTime)), 0);
  return {
    busyMicros: busy,
    wallMicros: wall,
    parts: PARTS.map((part) => ({ part, micros: totals.get(part) ?? 0 })),
    topFunctions: [...functions].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, micros]) => ({ name, micros })),
  };
}

function shortUrl(url: string, root: string): string {
  const pkg = packageOf(url);
  if (pkg) return `${pkg}/${url.slice(url.lastIndexOf(`/node_modules/${pkg}/`) + `/node_modules/${pkg}/`.length)}`;
  return repoPathOf(url, root) ?? url;
}
