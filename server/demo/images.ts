// The demo's pictures attached to requests: small drawings (320 x 200) stored next to this file as
// real PNG and JPEG files, so a browser shows them as it would a homeowner's photo.
import { readFile } from 'node:fs/promises';

export type DemoImage = 'panel-layout.png' | 'current-fence.png' | 'planting-plan.png' | 'shed-site.jpg' | 'front-windows.jpg' | 'color-sample.jpg';

export function demoImage(name: DemoImage): Promise<Buffer> {
  return readFile(new URL(`./images/${name}`, import.meta.url));
}
