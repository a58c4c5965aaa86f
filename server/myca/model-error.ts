// Why asking the model failed, as a type the caller can branch on: a timeout falls back to the
// extractive answer like any other failure, but is told apart in the decision and the log. The
// message never holds the API key, the request or the model's words, so it can be logged.

export type ModelFailure =
  /** No complete answer within the time allowed. */
  | 'timeout'
  /** The caller's own signal cancelled the request (the owner left). */
  | 'aborted'
  /** The endpoint could not be reached. */
  | 'unreachable'
  /** The endpoint answered with an HTTP error status. */
  | 'http'
  /** The answer was not an OpenAI-compatible completion (broken stream, bad JSON, no text, cut short). */
  | 'malformed';

export class ModelError extends Error {
  readonly failure: ModelFailure;
  /** The HTTP status, for `http`. */
  readonly status?: number;

  constructor(failure: ModelFailure, message: string, status?: number) {
    super(message);
    this.name = 'ModelError';
    this.failure = failure;
    if (status !== undefined) this.status = status;
  }
}
