// The keys the engine reads that have no default text (engine/core/default-messages.ts
// PRODUCT_MESSAGES, such as the site's name) are in the product's catalogue.
import { PRODUCT_MESSAGES } from '../default-messages.ts';
import { hasMessage } from '../messages.ts';
import type { CheckContext } from './context.ts';

export function checkEngineMessages(ctx: CheckContext): void {
  const doc = ctx.project.collections.messages?.en;
  if (!doc || !ctx.catalog) return;
  for (const key of PRODUCT_MESSAGES) {
    if (!hasMessage(ctx.catalog, key)) ctx.report(doc, [], `message "${key}" is missing (the engine shows it and has no text of its own for it)`);
  }
}
