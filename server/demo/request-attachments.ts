// Demo files attached to homeowner requests (docs/server.md, "Messages and homeowner requests"):
// the fence request carries the homeowner's plan (a PDF made here with pdfkit) and a photo of the
// fence to replace (a picture, server/demo/images/); the streetlight request a photo from management. Stored through
// the same code as uploads, so they download like any attachment.
import type { Queryable } from '../db/index.ts';
import { addAttachment } from '../community/request-attachments.ts';
import { detectType } from '../documents/content-type.ts';
import { PIXEL_PNG, pdf } from './documents.ts';
import { demoImage } from './images.ts';

const DAY = 24 * 3600 * 1000;

const FENCE_PLAN = [
  'Lot 412, Maple Grove Lane: replace the 4 ft wooden fence along the back property line.',
  'New fence: 5 ft black aluminum, flat-top pickets, same location as the old fence (about 96 ft).',
  'Installer: Hillside Fence Co., licensed and insured. Work would take two days.',
];

interface DemoAttachment {
  subject: string;
  name: string;
  by: 'homeowner' | 'manager';
  daysAgo: number;
  bytes: () => Promise<Buffer>;
}

const ATTACHMENTS: DemoAttachment[] = [
  { subject: 'Replace backyard fence', name: 'Fence plan.pdf', by: 'homeowner', daysAgo: 6, bytes: () => pdf('Fence plan', FENCE_PLAN, 'Jordan Rivera') },
  { subject: 'Replace backyard fence', name: 'Current fence.png', by: 'homeowner', daysAgo: 6, bytes: () => demoImage('current-fence.png') },
  { subject: 'Streetlight out on Maple Grove Lane', name: 'Utility work order.png', by: 'manager', daysAgo: 10, bytes: async () => PIXEL_PNG },
];

export async function seedDemoRequestAttachments(tx: Queryable, now: Date): Promise<void> {
  const { rows: users } = await tx.query<{ email: string; id: number }>(`SELECT email, id FROM users WHERE email IN ('homeowner@example.com', 'manager@example.com')`);
  const userId = (by: DemoAttachment['by']) => Number(users.find((u) => u.email === `${by}@example.com`)?.id);
  for (const a of ATTACHMENTS) {
    const { rows } = await tx.query<{ id: number }>(`SELECT id FROM homeowner_requests WHERE subject = $1 ORDER BY id LIMIT 1`, [a.subject]);
    if (!rows[0]) continue;
    const bytes = await a.bytes();
    // Typed as an upload would be, from the content.
    const type = await detectType(bytes);
    if (!type) throw new Error(`demo attachment ${a.name} is of no allowed type`);
    await addAttachment(tx, Number(rows[0].id), {
      name: a.name,
      type,
      bytes,
      uploadedBy: userId(a.by),
      fromManagement: a.by === 'manager',
      at: new Date(now.getTime() - a.daysAgo * DAY),
    });
  }
}
