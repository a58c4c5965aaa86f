// Prints a sign-in link as Summit's own site would hand a user over to the demo portal
// (docs/server.md, "Sign-in handed over by a host"): open it within two minutes, once.
//   npx node scripts/demo-handover-token.ts [--email homeowner@example.com] [--next /billing]
// The base address is PUBLIC_URL, else http://localhost:$PORT (8080). The demo key is trusted only
// by demo data loaded outside production, so this refuses to run with NODE_ENV=production.
import { parseArgs } from 'node:util';
import { demoHandoverLink } from '../server/demo/handover.ts';

if (process.env.NODE_ENV === 'production') {
  console.error('The demo handover key is for the demo portal only: it is not trusted in production.');
  process.exit(1);
}
const { values } = parseArgs({
  options: { email: { type: 'string', default: 'homeowner@example.com' }, next: { type: 'string', default: '/billing' } },
});
const base = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '8080'}`;
console.log(await demoHandoverLink(base, values.email, values.next));
