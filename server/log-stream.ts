// Where the log goes: standard output, every line of one turn of the event loop written together
// at its end. Written one by one, each line cost a system call that woke whatever reads the log,
// about a seventh of a signed-in read's time on a loaded machine (docs/bench.md, "Where the time
// goes"); under load many requests end in the same turn. Writes to a pipe, a file or a terminal are
// synchronous on Linux, so a line is out by the end of its turn, and lines still waiting when the
// process exits are written then.

export interface LineSink {
  write(line: string): void;
}

/** Lines given to the sink within one turn of the event loop reach `out` in one write, at its end. */
export function batchedLines(out: { write(text: string): unknown }): LineSink & { flush(): void } {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    out.write(text);
  };
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

let stdout: LineSink | null = null;

/** The process's one batched standard output for the log. */
export function stdoutLog(): LineSink {
  if (!stdout) {
    const sink = batchedLines(process.stdout);
    process.once('exit', sink.flush);
    stdout = sink;
  }
  return stdout;
}
