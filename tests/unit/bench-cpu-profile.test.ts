// tests/bench/lib/cpu-profile.ts: where a profiled server's time went, on a made-up profile.
import { describe, expect, it } from 'vitest';
import { packageOf, partOf, summarize, type CpuProfile, type ProfileNode } from '../bench/lib/cpu-profile.ts';

const ROOT = '/repo';
const file = (path: string) => `file://${ROOT}/${path}`;
const dep = (path: string) => `file://${ROOT}/node_modules/${path}`;

/** A profile from stacks (root first); each stack is sampled `count` times, 1 ms apart, in order. */
function profileOf(stacks: Array<{ frames: Array<[string, string]>; count: number }>): CpuProfile {
  const nodes: ProfileNode[] = [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [] }];
  const samples: number[] = [];
  for (const { frames, count } of stacks) {
    let parent = nodes[0];
    for (const [functionName, url] of frames) {
      let child = (parent.children ?? []).map((id) => nodes[id - 1]).find((n) => n.callFrame.functionName === functionName && n.callFrame.url === url);
      if (!child) {
        child = { id: nodes.length + 1, callFrame: { functionName, url, lineNumber: 0 }, children: [] };
        nodes.push(child);
        parent.children!.push(child.id);
      }
      parent = child;
    }
    for (let i = 0; i < count; i++) samples.push(parent.id);
  }
  return { nodes, startTime: 0, endTime: samples.length * 1000, samples, timeDeltas: samples.map(() => 1000) };
}

describe('packageOf and partOf', () => {
  it('names packages, scoped ones too, by the last node_modules in the path', () => {
    expect(packageOf(dep('pino/lib/tools.js'))).toBe('pino');
    expect(packageOf(dep('@fastify/static/index.js'))).toBe('@fastify/static');
    expect(packageOf(dep('a/node_modules/pg-protocol/dist/parser.js'))).toBe('pg-protocol');
    expect(packageOf(file('server/app.ts'))).toBeNull();
  });

  it('puts packages, the repository’s files and Node’s socket modules in their parts; other Node internals belong to their caller', () => {
    const frame = (url: string, functionName = 'f') => ({ functionName, url, lineNumber: 0 });
    expect(partOf(frame(dep('jose/dist/webapi/jwt/verify.js')), ROOT)).toBe('token verification (jose)');
    expect(partOf(frame(file('server/authz/guard.ts')), ROOT)).toBe('authorization (x-policy guard, sessions)');
    expect(partOf(frame(file('server/payments/service.ts')), ROOT)).toBe('handlers and payment service');
    expect(partOf(frame('node:net'), ROOT)).toBe('HTTP: parsing requests, writing answers (node:http, net)');
    expect(partOf(frame('node:internal/crypto/util'), ROOT)).toBeNull();
    expect(partOf(frame('', 'writev'), ROOT)).toBeNull();
    expect(partOf(frame('', '(garbage collector)'), ROOT)).toBe('garbage collection');
  });
});

describe('summarize', () => {
  const verify: Array<[string, string]> = [['routeHandler', dep('fastify/lib/route.js')], ['jwtVerify', dep('jose/dist/webapi/jwt/verify.js')], ['hmac', 'node:internal/crypto/mac'], ['sign', '']];
  const queryWrite: Array<[string, string]> = [['submit', dep('pg/lib/query.js')], ['_write', 'node:net'], ['writev', '']];
  const answerWrite: Array<[string, string]> = [['send', dep('fastify/lib/reply.js')], ['end', 'node:_http_outgoing'], ['_write', 'node:net'], ['writeUtf8String', '']];
  const profile = profileOf([
    { frames: verify, count: 3 },
    { frames: queryWrite, count: 2 },
    { frames: answerWrite, count: 4 },
    { frames: [['(garbage collector)', '']], count: 1 },
    { frames: [['(idle)', '']], count: 5 },
  ]);

  it('charges built-ins and Node internals to their caller’s part, and the driver’s socket writes to the driver', () => {
    const s = summarize(profile, ROOT);
    const parts = Object.fromEntries(s.parts.filter((p) => p.micros > 0).map((p) => [p.part, p.micros]));
    expect(parts).toEqual({
      'token verification (jose)': 3000,
      'database driver (pg), its socket writes included': 2000,
      'HTTP: parsing requests, writing answers (node:http, net)': 4000,
      'garbage collection': 1000,
    });
    // Idle time is not busy time.
    expect(s.busyMicros).toBe(10_000);
    expect(s.topFunctions[0]).toEqual({ name: 'writeUtf8String', micros: 4000 });
  });

  it('counts only the samples inside the windows', () => {
    const s = summarize(profile, ROOT, [{ from: 1000, to: 4000 }]);
    expect(s.wallMicros).toBe(3000);
    expect(s.parts.find((p) => p.part === 'token verification (jose)')!.micros).toBe(3000);
    expect(s.busyMicros).toBe(3000);
  });
});
