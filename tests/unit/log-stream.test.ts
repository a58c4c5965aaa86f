// The log's destination (server/log-stream.ts): the lines of one turn of the event loop are written
// together at its end, in order; a later turn's lines in a write of their own.
import { describe, expect, it } from 'vitest';
import { batchedLines } from '../../server/log-stream.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedLines', () => {
  it('writes the lines of one turn in one write, at the end of the turn', async () => {
    const writes: string[] = [];
    const sink = batchedLines({ write: (text: string) => writes.push(text) });
    sink.write('{"n":1}\n');
    sink.write('{"n":2}\n');
    sink.write('{"n":3}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
    sink.write('{"n":4}\n');
    await nextTurn();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n', '{"n":4}\n']);
    await nextTurn();
    expect(writes).toHaveLength(2);
  });

  it('writes what is waiting when flushed (as on exit)', () => {
    const writes: string[] = [];
    const sink = batchedLines({ write: (text: string) => writes.push(text) });
    sink.write('last words\n');
    sink.flush();
    expect(writes).toEqual(['last words\n']);
    sink.flush();
    expect(writes).toEqual(['last words\n']);
  });
});
