// Who may read and manage an association's document library: the SQL every check uses, whether it
// is a scope of x-policy (scopes.ts: document, documentFolder, documentLibrary) or the filter of a
// listing or a search (documentAccess below), so a document is visible by every route or by none.
//
// Permissions, most open first: everyone (anyone, signed in or not), owners (homeowners with an
// account in the association, its board, its management staff), board (board and staff only).
// A folder is never more open than its parent, so a folder's own permission is the effective one.
import type { Queryable } from '../db/index.ts';
import type { Caller } from './caller.ts';
import type { Bind } from './bind.ts';
import { staffMemberSql } from './staff-sql.ts';

export const DOCUMENT_PERMISSIONS = ['everyone', 'owners', 'board'] as const;
export type DocumentPermission = (typeof DOCUMENT_PERMISSIONS)[number];

export const permissionRank = (permission: DocumentPermission): number => DOCUMENT_PERMISSIONS.indexOf(permission);

/** The permissions a caller of the given level may read. */
export function readablePermissions(level: DocumentPermission): DocumentPermission[] {
  return DOCUMENT_PERMISSIONS.slice(0, permissionRank(level) + 1);
}

/** SQL true when the user sits on the board of the association (chairs included). */
export const boardMemberSql = (association: string, user: string) =>
  `EXISTS (SELECT 1 FROM board_members bm WHERE bm.association_id = ${association} AND bm.user_id = ${user})`;

/** SQL true when the user owns an account in the association. */
export const ownerSql = (association: string, user: string) =>
  `EXISTS (SELECT 1 FROM accounts oa WHERE oa.association_id = ${association} AND oa.owner_user_id = ${user})`;

/** What a principal may read: its readable permissions, and the membership it needs in the item's association. */
type Reader = 'anyone' | 'homeowner' | 'board' | 'staff';

function readerCondition(reader: Reader, association: string, permission: string, user: () => string): string {
  switch (reader) {
    case 'anyone':
      return `${permission} = 'everyone'`;
    case 'homeowner':
      return `${permission} IN ('everyone', 'owners') AND ${ownerSql(association, user())}`;
    case 'board':
      return boardMemberSql(association, user());
    case 'staff':
      return staffMemberSql(association, user());
  }
}

/** The scope check of a document id for a principal (x-policy `document`). */
export function documentReadableSql(reader: Reader, documentId: unknown, userId: number | null, bind: Bind): string {
  return `EXISTS (SELECT 1 FROM documents rd JOIN document_folders rf ON rf.id = rd.folder_id
                   WHERE rd.id = ${bind(documentId)}::integer AND ${readerCondition(reader, 'rd.association_id', 'rf.permission', () => `${bind(userId)}::integer`)})`;
}

/** The scope check of a folder id for a principal (x-policy `documentFolder`). */
export function folderReadableSql(reader: Reader, folderId: unknown, userId: number | null, bind: Bind): string {
  return `EXISTS (SELECT 1 FROM document_folders rf
                   WHERE rf.id = ${bind(folderId)}::integer AND ${readerCondition(reader, 'rf.association_id', 'rf.permission', () => `${bind(userId)}::integer`)})`;
}

export interface DocumentAccess {
  /** The most restricted permission the caller may read in the association. */
  readLevel: DocumentPermission;
  /** The board document-manage security: a board member of the association or its staff. */
  canManage: boolean;
}

/** The caller's rights in one association's library: one query for a signed-in caller, none otherwise. */
export async function documentAccess(db: Queryable, caller: Caller, associationId: number): Promise<DocumentAccess> {
  if (caller.kind !== 'user') return { readLevel: 'everyone', canManage: false };
  const { rows } = await db.query<{ manager: boolean; owner: boolean }>(
    `SELECT (${boardMemberSql('$1::integer', '$2::integer')} OR ${staffMemberSql('$1::integer', '$2::integer')}) AS manager,
            ${ownerSql('$1::integer', '$2::integer')} AS owner`,
    [associationId, caller.userId],
  );
  const { manager, owner } = rows[0];
  return { readLevel: manager ? 'board' : owner ? 'owners' : 'everyone', canManage: manager };
}
