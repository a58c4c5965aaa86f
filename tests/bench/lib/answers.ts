// The bench's API calls go through the typed clients (tests/support/api): this turns an answer
// into its body when the status is the expected one, else into an error naming the step.
export class OperationError extends Error {}

/** The body of `request`'s answer when its status is `expected`; otherwise an OperationError naming the step, status and body. */
export async function expectAnswer<R extends { status: number; data?: unknown }, S extends R['status']>(
  step: string,
  request: Promise<R>,
  expected: S,
): Promise<Extract<R, { status: S }>['data']> {
  let res: R;
  try {
    res = await request;
  } catch (error) {
    const failure = error as Error;
    throw new OperationError(`${step}: ${failure.name === 'TimeoutError' ? 'no answer in time' : failure.message}`);
  }
  if (res.status !== expected) throw new OperationError(`${step} answered ${res.status}: ${JSON.stringify(res.data).slice(0, 300)}`);
  return (res as Extract<R, { status: S }>).data;
}
