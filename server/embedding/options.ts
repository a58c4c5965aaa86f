// The switches of embedding the handlers read, set by server/app.ts from its options.
import type { Services } from '../handlers/types.ts';

export interface EmbeddingOptions {
  /**
   * false (EMBED_RENEW_COOKIE=off, never in production): startEmbeddedRenewal sets no cookie, so
   * that the frame's sign-in through a window of its own can be tried where cookies would work.
   */
  renewCookie: boolean;
}

declare module '../handlers/types.ts' {
  interface Services {
    /** Absent: every switch at its default. */
    embedding?: EmbeddingOptions;
  }
}

export function embeddingOptionsOf(services: Services): EmbeddingOptions {
  return services.embedding ?? { renewCookie: true };
}
