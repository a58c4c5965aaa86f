// Managing the library's folders (board document-manage security, x-policy documentLibrary):
// create, rename, change permission, move, delete. A folder is never more open than the folder it
// is in; making one more restrictive, or moving it under a more restrictive one, makes everything
// under it at least as restrictive, so a folder's own permission is always the effective one.
import { principalOf, type OperationHandler } from '../types.ts';
import type { Queryable } from '../../db/index.ts';
import { permissionRank, type DocumentPermission } from '../../authz/document-access.ts';
import { documentError } from '../../documents/errors.ts';
import { checkName } from '../../documents/names.ts';
import { folderOf, folderView, lockLibrary, refuseTakenName, type FolderRow } from '../../documents/store.ts';

const moreRestrictive = (a: DocumentPermission, b: DocumentPermission): DocumentPermission => (permissionRank(a) >= permissionRank(b) ? a : b);

function refuseMoreOpenThanParent(permission: DocumentPermission, parent: FolderRow | null): void {
  if (parent && permissionRank(permission) < permissionRank(parent.permission)) {
    throw documentError('DOC007', `A folder cannot be more open than the folder it is in ("${parent.name}" is ${parent.permission === 'board' ? 'board only' : 'owners only'}).`);
  }
}

/** Makes every folder under this one at least as restrictive as `permission`. */
async function tightenBelow(tx: Queryable, folderId: number, permission: DocumentPermission): Promise<void> {
  await tx.query(
    `WITH RECURSIVE below AS (
       SELECT id FROM document_folders WHERE parent_id = $1
       UNION ALL
       SELECT f.id FROM document_folders f JOIN below ON f.parent_id = below.id)
     UPDATE document_folders SET permission = $2
      WHERE id IN (SELECT id FROM below)
        AND array_position(ARRAY['everyone', 'owners', 'board'], permission) < array_position(ARRAY['everyone', 'owners', 'board'], $2::text)`,
    [folderId, permission],
  );
}

async function isSelfOrBelow(tx: Queryable, folderId: number, candidateId: number): Promise<boolean> {
  const { rows } = await tx.query<{ found: boolean }>(
    `WITH RECURSIVE below AS (
       SELECT id FROM document_folders WHERE id = $1
       UNION ALL
       SELECT f.id FROM document_folders f JOIN below ON f.parent_id = below.id)
     SELECT EXISTS (SELECT 1 FROM below WHERE id = $2) AS found`,
    [folderId, candidateId],
  );
  return rows[0].found;
}

export const createDocumentFolder: OperationHandler<'createDocumentFolder'> = async (req, services) => {
  const associationId = req.params.id;
  const name = checkName(req.body.name);
  const userId = principalOf(req).userId;
  const folder = await services.db.transaction(async (tx) => {
    await lockLibrary(tx, associationId);
    const parent = req.params.dirId === 0 ? null : await folderOf(tx, associationId, req.params.dirId);
    const permission = req.body.permission ?? moreRestrictive('owners', parent?.permission ?? 'everyone');
    refuseMoreOpenThanParent(permission, parent);
    await refuseTakenName(tx, associationId, parent?.id ?? null, name);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO document_folders (association_id, parent_id, name, permission, created_at, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [associationId, parent?.id ?? null, name, permission, services.clock(), userId],
    );
    return folderOf(tx, associationId, rows[0].id);
  });
  return { status: 201, body: { folder: folderView(folder) } };
};

export const updateDocumentFolder: OperationHandler<'updateDocumentFolder'> = async (req, services) => {
  const associationId = req.params.id;
  const newName = req.body.name === undefined ? undefined : checkName(req.body.name);
  const folder = await services.db.transaction(async (tx) => {
    await lockLibrary(tx, associationId);
    const folder = await folderOf(tx, associationId, req.params.dirId);
    const parentId = req.body.parentId ?? folder.parent_id;
    const moved = parentId !== folder.parent_id;
    // Only this association's folders are below it, so a match is never another association's.
    if (moved && parentId !== 0 && (await isSelfOrBelow(tx, folder.id, parentId))) throw documentError('DOC006');
    const parent = parentId === 0 ? null : await folderOf(tx, associationId, parentId);
    const name = newName ?? folder.name;
    if (moved || name !== folder.name) await refuseTakenName(tx, associationId, parent?.id ?? null, name, { folderId: folder.id });
    let permission = req.body.permission ?? folder.permission;
    if (req.body.permission !== undefined) refuseMoreOpenThanParent(permission, parent);
    else if (parent) permission = moreRestrictive(permission, parent.permission);
    await tx.query('UPDATE document_folders SET name = $2, parent_id = $3, permission = $4 WHERE id = $1', [folder.id, name, parent?.id ?? null, permission]);
    await tightenBelow(tx, folder.id, permission);
    return folderOf(tx, associationId, folder.id);
  });
  return { status: 200, body: { folder: folderView(folder) } };
};

export const deleteDocumentFolder: OperationHandler<'deleteDocumentFolder'> = async (req, services) => {
  const associationId = req.params.id;
  await services.db.transaction(async (tx) => {
    await lockLibrary(tx, associationId);
    const folder = await folderOf(tx, associationId, req.params.dirId);
    // Subfolders, their documents and the documents' chunks go with it (ON DELETE CASCADE).
    await tx.query('DELETE FROM document_folders WHERE id = $1', [folder.id]);
  });
  return { status: 204 };
};
