/** What the server's parts log through (Fastify's logger in the app, a test's recorder in tests). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
