// Reading the document library: permissions, folders, one document's details and file. Who may
// read what is decided in server/authz/: by-id reads are scoped by x-policy (document,
// documentFolder), listings are filtered by documentAccess, which uses the same rules, so a
// document hidden from a caller is hidden by every route (docs/server.md, "Document library").
import type { OperationHandler } from '../types.ts';
import { documentAccess, readablePermissions } from '../../authz/document-access.ts';
import { previewable } from '../../documents/content-type.ts';
import { downloadHeaders } from '../../documents/download.ts';
import { documentError } from '../../documents/errors.ts';
import { chunkStream, documentOf, documentView, folderOf, folderPath, folderView, DOCUMENT_SELECT, FOLDER_SELECT, type DocumentRow, type FolderRow } from '../../documents/store.ts';

export const getDocumentPermissions: OperationHandler<'getDocumentPermissions'> = async (req, services) => {
  const access = await documentAccess(services.db, req.caller, req.params.id);
  return { status: 200, body: { canManage: access.canManage, readLevel: access.readLevel } };
};

export const listDocumentFolders: OperationHandler<'listDocumentFolders'> = async (req, services) => {
  const associationId = req.params.id;
  const access = await documentAccess(services.db, req.caller, associationId);
  const readable = readablePermissions(access.readLevel);
  const { rows: names } = await services.db.query<{ name: string }>('SELECT name FROM associations WHERE id = $1', [associationId]);
  const parentId = req.query.parentId;
  let folders: FolderRow[];
  let documents: DocumentRow[] = [];
  if (parentId === undefined) {
    // Parents are never more open than their children, so the readable folders form a whole tree.
    const { rows } = await services.db.query<FolderRow>(
      `WITH RECURSIVE tree AS (
         SELECT id, ARRAY[lower(name), id::text] AS sort_path FROM document_folders
          WHERE association_id = $1 AND parent_id IS NULL AND permission = ANY($2::text[])
         UNION ALL
         SELECT f.id, tree.sort_path || ARRAY[lower(f.name), f.id::text] FROM document_folders f JOIN tree ON f.parent_id = tree.id
          WHERE f.permission = ANY($2::text[]))
       ${FOLDER_SELECT} JOIN tree ON tree.id = f.id ORDER BY tree.sort_path`,
      [associationId, readable],
    );
    folders = rows;
  } else {
    if (parentId !== 0) {
      const parent = await folderOf(services.db, associationId, parentId);
      if (!readable.includes(parent.permission)) throw documentError('DOC002');
      ({ rows: documents } = await services.db.query<DocumentRow>(`${DOCUMENT_SELECT} WHERE d.folder_id = $1 ORDER BY lower(d.name), d.id`, [parentId]));
    }
    ({ rows: folders } = await services.db.query<FolderRow>(
      `${FOLDER_SELECT} WHERE f.association_id = $1 AND f.parent_id IS NOT DISTINCT FROM $2::integer AND f.permission = ANY($3::text[]) ORDER BY lower(f.name), f.id`,
      [associationId, parentId === 0 ? null : parentId, readable],
    ));
  }
  return {
    status: 200,
    body: {
      associationId,
      associationName: names[0].name,
      canManage: access.canManage,
      folders: folders.map(folderView),
      documents: documents.map(documentView),
    },
  };
};

export const getDocumentFolder: OperationHandler<'getDocumentFolder'> = async (req, services) => {
  const associationId = req.params.id;
  const folder = await folderOf(services.db, associationId, req.params.dirId);
  const access = await documentAccess(services.db, req.caller, associationId);
  const readable = readablePermissions(access.readLevel);
  const [breadcrumb, children, documents] = await Promise.all([
    folderPath(services.db, folder.id),
    services.db.query<FolderRow>(`${FOLDER_SELECT} WHERE f.parent_id = $1 AND f.permission = ANY($2::text[]) ORDER BY lower(f.name), f.id`, [folder.id, readable]),
    services.db.query<DocumentRow>(`${DOCUMENT_SELECT} WHERE d.folder_id = $1 ORDER BY lower(d.name), d.id`, [folder.id]),
  ]);
  return {
    status: 200,
    body: {
      folder: folderView(folder),
      breadcrumb,
      canManage: access.canManage,
      folders: children.rows.map(folderView),
      documents: documents.rows.map(documentView),
    },
  };
};

export const getDocument: OperationHandler<'getDocument'> = async (req, services) => {
  const document = await documentOf(services.db, req.params.id, req.params.docId);
  return {
    status: 200,
    body: { document: documentView(document), folderPath: await folderPath(services.db, document.folder_id), previewable: previewable(document.content_type) },
  };
};

export const downloadDocument: OperationHandler<'downloadDocument'> = async (req, services) => {
  const document = await documentOf(services.db, req.params.id, req.params.docId);
  return {
    status: 200,
    headers: downloadHeaders({ name: document.name, contentType: document.content_type, sizeBytes: document.size_bytes }, req.query.inline === true),
    content: chunkStream(services.db, document.id),
  };
};
