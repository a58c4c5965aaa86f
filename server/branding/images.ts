// The brand's images (logo, banner, favicon) a company's admin uploads: checked by their content
// (file-type's magic numbers; SVG, which can carry script, is not taken), at most 2 MB, kept in
// brand_images by SHA-256 and served at an address naming it (/uploads/brand/<sha256>.<ext>),
// which a browser may cache for good since other content gets another address.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Queryable } from '../db/index.ts';
import { ApiError, errorBody } from '../errors.ts';
import { splitExtension } from '../documents/names.ts';
import { UploadTooLargeError, type Upload, type UploadedFile } from '../uploads/multipart.ts';

export const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BRAND_IMAGE_PATH = '/uploads/brand/';

const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
};
const CLAIMED: Record<string, string> = { '.png': 'png', '.jpg': 'jpg', '.jpeg': 'jpg', '.gif': 'gif', '.webp': 'webp', '.ico': 'ico' };

export const brandImageMessages = {
  IMG001: 'Choose an image: PNG, JPEG, GIF, WebP or ICO (the file’s content is checked, not its name).',
  IMG002: 'The image is larger than the 2 MB limit.',
  IMG003: 'Choose a file to upload.',
} as const;

const brandImageError = (code: keyof typeof brandImageMessages, detail: string = brandImageMessages[code]) =>
  new ApiError(code === 'IMG001' ? 415 : code === 'IMG002' ? 413 : 400, detail, { errorCode: code });

export interface CheckedImage { bytes: Buffer; contentType: string; extension: string; sha256: string }

/** Reads the upload; refuses (nothing written) anything but an image of at most 2 MB. */
export async function checkedImage(read: (() => Promise<Upload>) | undefined): Promise<CheckedImage> {
  if (!read) throw new Error('not a multipart operation');
  let file: UploadedFile | null;
  try {
    file = (await read()).file;
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw brandImageError('IMG002');
    throw error;
  }
  if (!file || file.bytes.length === 0) throw brandImageError('IMG003');
  if (file.bytes.length > BRAND_IMAGE_MAX_BYTES) throw brandImageError('IMG002');
  const found = await fileTypeFromBuffer(file.bytes);
  const extension = found ? IMAGE_TYPES[found.mime] : undefined;
  if (!found || !extension) throw brandImageError('IMG001');
  const claimed = CLAIMED[splitExtension(file.filename.split(/[/\\]/).pop() ?? '').extension.toLowerCase()];
  if (claimed && claimed !== extension) throw brandImageError('IMG001', `This file is not what its name says. ${brandImageMessages.IMG001}`);
  return { bytes: file.bytes, contentType: found.mime, extension, sha256: createHash('sha256').update(file.bytes).digest('hex') };
}

/** The address an image is served at. */
export const imageUrl = (image: CheckedImage) => `${BRAND_IMAGE_PATH}${image.sha256}.${image.extension}`;

/** Keeps the image (once per content and level); answers the new row's id, or null when it was kept already. */
export async function storeImage(db: Queryable, image: CheckedImage, at: { companyId: number; associationId: number | null; key: string; userId: number }): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO brand_images (management_company_id, association_id, key, content_type, sha256, bytes, uploaded_by)
     SELECT $1, $2, $3, $4, $5, $6, $7
      WHERE NOT EXISTS (SELECT 1 FROM brand_images WHERE sha256 = $5 AND management_company_id = $1 AND association_id IS NOT DISTINCT FROM $2 AND key = $3)
     RETURNING id`,
    [at.companyId, at.associationId, at.key, image.contentType, image.sha256, image.bytes, at.userId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Forgets an image just kept, when the setting it was for was refused. */
export async function forgetImage(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM brand_images WHERE id = $1', [id]);
}

/** GET /uploads/brand/<sha256>.<ext>: the image, for anyone (it is shown on public pages). */
export function registerBrandImages(app: FastifyInstance, db: Queryable): void {
  app.get<{ Params: { name: string } }>(`${BRAND_IMAGE_PATH}:name`, async (request, reply) => {
    const match = /^([0-9a-f]{64})\.([a-z]{3,4})$/.exec(request.params.name);
    const { rows } = match
      ? await db.query<{ content_type: string; bytes: Buffer | Uint8Array }>('SELECT content_type, bytes FROM brand_images WHERE sha256 = $1 ORDER BY id LIMIT 1', [match[1]])
      : { rows: [] };
    const row = rows[0];
    if (!row || IMAGE_TYPES[row.content_type] !== match?.[2]) {
      return reply.code(404).type('application/json; charset=utf-8').send(errorBody(404, 'There is nothing at this address.'));
    }
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(row.content_type)
      .send(Buffer.from(row.bytes));
  });
}
