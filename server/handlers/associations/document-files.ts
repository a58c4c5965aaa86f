// Managing the library's documents (board document-manage security, x-policy documentLibrary):
// upload, rename or move, duplicate, delete. An upload is checked whole before anything is
// written: its size (413 DOC008), its type read from its content (415 DOC009), its folder and name.
// Its passages for the assistant (server/myca/) are written in the same transaction, so a document
// is citable as soon as it is listed.
import { principalOf, type OperationHandler } from '../types.ts';
import { documentError } from '../../documents/errors.ts';
import { checkedFile, readUploadParts } from '../../documents/upload-check.ts';
import { checkName, copyName, nameFromFilename } from '../../documents/names.ts';
import { searchableContent } from '../../documents/pdf-text.ts';
import { copyDocumentPassages, indexDocumentPassages } from '../../myca/passages.ts';
import { documentOf, documentView, folderOf, lockLibrary, refuseTakenName, writeChunks } from '../../documents/store.ts';
import type { Queryable } from '../../db/index.ts';

function folderIdOf(fields: Record<string, string>): number {
  const raw = fields.parentId?.trim() ?? '';
  const id = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw documentError('DOC011');
  return id;
}

export const uploadDocument: OperationHandler<'uploadDocument'> = async (req, services) => {
  const associationId = req.params.id;
  const { fields, file: sent } = await readUploadParts(req.upload, 'uploadDocument');
  const folderId = folderIdOf(fields);
  const { file, type } = await checkedFile(sent);
  const name = fields.name !== undefined ? checkName(fields.name) : nameFromFilename(file.filename);
  const { text, pages } = await searchableContent(type.contentType, file.bytes);
  const userId = principalOf(req).userId;
  const document = await services.db.transaction(async (tx) => {
    await lockLibrary(tx, associationId);
    const folder = await folderOf(tx, associationId, folderId);
    await refuseTakenName(tx, associationId, folder.id, name);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO documents (association_id, folder_id, name, content_type, size_bytes, uploaded_at, uploaded_by, body_text)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [associationId, folder.id, name, type.contentType, file.bytes.length, services.clock(), userId, text],
    );
    await writeChunks(tx, rows[0].id, file.bytes);
    await indexDocumentPassages(tx, rows[0].id, pages, type.contentType === 'application/pdf');
    return documentOf(tx, associationId, rows[0].id);
  });
  return { status: 201, body: { document: documentView(document) } };
};

export const updateDocument: OperationHandler<'updateDocument'> = async (req, services) => {
  const associationId = req.params.id;
  const newName = req.body.name === undefined ? undefined : checkName(req.body.name);
  const document = await services.db.transaction(async (tx) => {
    await lockLibrary(tx, associationId);
    const document = await documentOf(tx, associationId, req.params.docId);
    const folderId = req.body.folderId === undefined ? document.folder_id : (await folderOf(tx, associationId, req.body.folderId)).id;
    const name = newName ?? document.name;
    if (folderId !== document.folder_id || name !== document.name) await refuseTakenName(tx, associationId, folderId, name, { documentId: document.id });
    await tx.query('UPDATE documents SET name = $2, folder_id = $3 WHERE id = $1', [document.id, name, folderId]);
    return documentOf(tx, associationId, document.id);
  });
  return { status: 200, body: { document: documentView(document) } };
};

async function freeCopyName(tx: Queryable, associationId: number, folderId: number, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = copyName(name, n);
    const { rows } = await tx.query<{ taken: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM documents WHERE folder_id = $1 AND lower(name) = lower($2))
           OR EXISTS (SELECT 1 FROM document_folders WHERE association_id = $3 AND parent_id = $1 AND lower(name) = lower($2)) AS taken`,
      [folderId, candidate, associationId],
    );
    if (!rows[0].taken) return candidate;
  }
}

export const duplicateDocument: OperationHandler<'duplicateDocument'> = async (req, services) => {
  const associationId = req.params.id;
  const userId = principalOf(req).userId;
  const copy = await services.db.transaction(async (tx) => {
    await lockLibrary(tx, associationId);
    const original = await documentOf(tx, associationId, req.params.docId);
    const name = await freeCopyName(tx, associationId, original.folder_id, original.name);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO documents (association_id, folder_id, name, content_type, size_bytes, uploaded_at, uploaded_by, body_text)
       SELECT association_id, folder_id, $2, content_type, size_bytes, $3, $4, body_text FROM documents WHERE id = $1 RETURNING id`,
      [original.id, name, services.clock(), userId],
    );
    // The bytes are copied inside the database, never through the server.
    await tx.query('INSERT INTO document_chunks (document_id, seq, data) SELECT $2, seq, data FROM document_chunks WHERE document_id = $1', [original.id, rows[0].id]);
    await copyDocumentPassages(tx, original.id, rows[0].id);
    return documentOf(tx, associationId, rows[0].id);
  });
  return { status: 201, body: { document: documentView(copy) } };
};

export const deleteDocument: OperationHandler<'deleteDocument'> = async (req, services) => {
  const associationId = req.params.id;
  await services.db.transaction(async (tx) => {
    const document = await documentOf(tx, associationId, req.params.docId);
    await tx.query('DELETE FROM documents WHERE id = $1', [document.id]);
  });
  return { status: 204 };
};
