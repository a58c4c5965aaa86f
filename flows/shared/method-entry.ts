import type { FlowModule } from '../../engine/core/flow/types.ts';

// Entering a card or bank account on the payment provider's hosted page: the Setup that opens it
// must come with the provider's client secret. Machines name this module in `uses: [method-entry]`.

const clientSecretOf = (output: unknown) => (output as { clientSecret?: string } | undefined)?.clientSecret;

export const methodEntry: FlowModule = {
  guards: {
    /** The provider gave what its hosted entry needs. */
    hasClientSecret: ({ event }) => Boolean(clientSecretOf(event.output)),
    /** Without it the method cannot be entered. */
    missingClientSecret: ({ event }) => !clientSecretOf(event.output),
  },
  assigns: {
    noClientSecret: () => ({ error: { code: 'CLIENT_SECRET', text: '' } }),
  },
};
