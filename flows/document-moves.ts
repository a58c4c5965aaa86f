import type { ResponseOf } from './api.ts';

// Where a folder or a document of the library may be moved: the library's folders as one list of
// choices, each named by its path ("Governing documents / Minutes"), parents before children.

type Folder = ResponseOf<'listDocumentFolders'>['folders'][number];

/** A choice of the move form (the `choice` field's `{ value, label }`); the library's top is folder 0. */
export interface MoveTarget { value: number; label: string }

/** The message key naming the library's top, where a folder (never a document) may go. */
export const LIBRARY_TOP = 'documents.moveToTop';

/** Each folder with its path from the library's top; the list comes parents first, so each parent's path is known. */
export function foldersWithPaths(folders: Folder[]): { id: number; parentId: number; path: string }[] {
  const paths = new Map<number, string>();
  return folders.map((folder) => {
    const above = paths.get(folder.parentId);
    const path = above ? `${above} / ${folder.name}` : folder.name;
    paths.set(folder.id, path);
    return { id: folder.id, parentId: folder.parentId, path };
  });
}

/** The folder and every folder inside it: a folder cannot go into any of them. */
function selfAndBelow(folders: Folder[], folderId: number): Set<number> {
  const inside = new Set([folderId]);
  // Parents come before their children, so one pass finds every descendant.
  for (const folder of folders) if (inside.has(folder.parentId)) inside.add(folder.id);
  return inside;
}

/** Where a folder may go: the library's top or any folder that is not itself or inside it, less where it is now. */
export function folderTargets(folders: Folder[], folderId: number, parentId: number): MoveTarget[] {
  const excluded = selfAndBelow(folders, folderId);
  const top = parentId === 0 ? [] : [{ value: 0, label: LIBRARY_TOP }];
  const inside = foldersWithPaths(folders).filter((folder) => !excluded.has(folder.id) && folder.id !== parentId);
  return [...top, ...inside.map((folder) => ({ value: folder.id, label: folder.path }))];
}

/** Where a document may go: any other folder (documents live in folders, never at the top). */
export function documentTargets(folders: Folder[], folderId: number): MoveTarget[] {
  return foldersWithPaths(folders).filter((folder) => folder.id !== folderId).map((folder) => ({ value: folder.id, label: folder.path }));
}
