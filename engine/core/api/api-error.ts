// The error every API call throws when it fails: the answer's status and problem body, or no
// answer at all (the network, or cancelled). Its own module so that the client's lazily loaded
// parts (stream.ts) throw the same class without importing the client.
export class ApiError extends Error {
  readonly status?: number;
  readonly body?: Record<string, unknown>;
  readonly noResponse: boolean;
  readonly cancelled: boolean;
  constructor(message: string, init: { status?: number; body?: Record<string, unknown>; noResponse?: boolean; cancelled?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.noResponse = Boolean(init.noResponse);
    this.cancelled = Boolean(init.cancelled);
  }
}
