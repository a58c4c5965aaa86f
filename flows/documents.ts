import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';
import { documentTargets, folderTargets, type MoveTarget } from './document-moves.ts';
import { fileSize } from './file-size.ts';

// Documents: which library and folder the address names (the selected association's root when it
// names none), the folder as the page shows it (links, sizes, what can be previewed), and search
// results with their folder path.

type RootListing = ResponseOf<'listDocumentFolders'>;
type FolderListing = ResponseOf<'getDocumentFolder'>;
type DocumentFile = RootListing['documents'][number];
type SearchResult = ResponseOf<'searchDocuments'>['results'][number];

const PREVIEWABLE = /^(application\/pdf|image\/(png|jpeg|gif|webp))$/;

/** What kind of file a document is, for its icon: by its content type, else by its name's ending. */
export function documentKind(contentType: string, name: string): 'pdf' | 'image' | 'spreadsheet' | 'word' | 'file' {
  const ending = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (contentType === 'application/pdf' || ending === 'pdf') return 'pdf';
  if (contentType.startsWith('image/') || ['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ending)) return 'image';
  if (/spreadsheet|excel|csv/.test(contentType) || ['xlsx', 'xls', 'csv', 'ods'].includes(ending)) return 'spreadsheet';
  if (/wordprocessing|msword|opendocument\.text/.test(contentType) || ['docx', 'doc', 'odt'].includes(ending)) return 'word';
  return 'file';
}

/** The path of a folder of a library (the library's root without a folder). */
export function folderPath(associationId: number, folderId?: number): string {
  return `/community/documents/a/${associationId}/f${folderId ? `/${folderId}` : ''}`;
}

export function listedDocument(document: DocumentFile, associationId: number) {
  return {
    ...document,
    size: fileSize(document.sizeBytes),
    kind: documentKind(document.contentType, document.name),
    previewable: PREVIEWABLE.test(document.contentType),
    previewPath: `/document/${associationId}/${document.id}/preview`,
  };
}

/** Where the library and folder come from: the address (`a/:associationId/f/:folderId`, or `:id` for a folder of the selected association). */
export function locate(route: Record<string, unknown>, session: Record<string, unknown>) {
  const fromRoute = Number(route.associationId);
  const selected = Number((session.selectedAssociation as { id?: number } | null)?.id);
  const associationId = Number.isInteger(fromRoute) && fromRoute > 0 ? fromRoute : Number.isInteger(selected) && selected > 0 ? selected : null;
  const folder = Number(route.folderId ?? route.id);
  return { associationId, folderId: Number.isInteger(folder) && folder > 0 ? folder : 0 };
}

export function shownLibrary(answer: RootListing | FolderListing, associationId: number) {
  const inFolder = 'folder' in answer;
  const breadcrumb = inFolder ? answer.breadcrumb : [];
  const parent = breadcrumb.length > 1 ? breadcrumb[breadcrumb.length - 2].id : undefined;
  return {
    library: {
      associationId,
      name: inFolder ? null : answer.associationName,
      folderName: inFolder ? answer.folder.name : null,
      // Who may see this folder (and everything in it): one flag each, as screens choose texts by `when`.
      everyone: inFolder && answer.folder.permission === 'everyone',
      owners: inFolder && answer.folder.permission === 'owners',
      board: inFolder && answer.folder.permission === 'board',
    },
    inFolder,
    canManage: answer.canManage,
    rootPath: folderPath(associationId),
    parentPath: folderPath(associationId, parent),
    breadcrumb: breadcrumb.map((crumb, index) => ({ ...crumb, path: folderPath(associationId, crumb.id), current: index === breadcrumb.length - 1 })),
    folders: answer.folders.map((folder) => ({ ...folder, path: folderPath(associationId, folder.id) })),
    documents: answer.documents.map((document) => listedDocument(document, associationId)),
    // Nothing at all here: the screen says what to do instead of showing two empty lists.
    emptyLibrary: !inFolder && answer.folders.length === 0 && answer.documents.length === 0,
    emptyFolder: inFolder && answer.folders.length === 0 && answer.documents.length === 0,
  };
}

export function shownResult(result: SearchResult, associationId: number) {
  return {
    ...listedDocument(result.document, associationId),
    where: result.folderPath.map((folder) => folder.name).join(' / '),
    excerpt: result.snippet.map((part) => part.text).join(''),
  };
}

type GuestConfiguration = ResponseOf<'getGuestConfiguration'>;

/** The public page's library: the association its code names, and the folder of the address (`:id`). */
export function publicLibrary(configuration: GuestConfiguration, route: Record<string, unknown>) {
  const folder = Number(route.id);
  return {
    associationId: configuration.association.id,
    associationName: configuration.association.name,
    associationCode: configuration.association.code,
    folderId: Number.isInteger(folder) && folder > 0 ? folder : 0,
  };
}

/** What the signed-in and the public library share (machines name it in `uses: [document-library]`). */
export const documentLibrary: FlowModule = {
  guards: {
    atRoot: ({ context }) => !context.folderId,
  },
  assigns: {
    showLibrary: ({ context, event }) => shownLibrary(event.output as RootListing | FolderListing, Number(context.associationId)),
  },
};

export const publicDocumentsFlow: FlowModule = {
  guards: {},
  assigns: {
    choosePublicLibrary: ({ event }, params) => publicLibrary(event.output as GuestConfiguration, (params.route ?? {}) as Record<string, unknown>),
  },
  actors: {},
};

/** The move form's choices, and whether there are none (the screen then says so instead of a form). */
function moveChoices(targets: MoveTarget[]) {
  return { moveTargets: targets, noMoveTargets: targets.length === 0 };
}

/** The folder above the one shown (0: the library's top), from its breadcrumb. */
function parentOfShown(breadcrumb: unknown): number {
  const crumbs = (breadcrumb ?? []) as { id: number }[];
  return crumbs.length > 1 ? crumbs[crumbs.length - 2].id : 0;
}

export const documentsFlow: FlowModule = {
  guards: {
    noLibrary: ({ context }) => !context.associationId,
    /** Renaming or deleting "this folder" needs a folder: the library's root is none. */
    inFolder: ({ context }) => Boolean(context.folderId),
    /** The search box is optional: only words (not nothing, not blanks) are searched for. */
    searchGiven: ({ event }) => {
      const q = (event.data as { q?: unknown } | undefined)?.q;
      return typeof q === 'string' && q.trim() !== '';
    },
  },
  assigns: {
    locateLibrary: (_args, params) => locate((params.route ?? {}) as Record<string, unknown>, (params.session ?? {}) as Record<string, unknown>),
    /** Where the folder shown may go, from the whole tree (listDocumentFolders without `parentId`). */
    showFolderTargets: ({ context, event }) => moveChoices(
      folderTargets((event.output as RootListing).folders, Number(context.folderId), parentOfShown(context.breadcrumb)),
    ),
    /** Where the document chosen (`moving`) may go: any folder but the one shown. */
    showDocumentTargets: ({ context, event }) => moveChoices(documentTargets((event.output as RootListing).folders, Number(context.folderId))),
    /** The folder's permission now, as the permission form starts. */
    holdPermission: ({ context }) => {
      const library = context.library as { owners?: boolean; board?: boolean } | null;
      return { permissionNow: library?.board ? 'board' : library?.owners ? 'owners' : 'everyone' };
    },
    showResults: ({ context, event }) => ({
      results: (event.output as ResponseOf<'searchDocuments'>).results.map((result) => shownResult(result, Number(context.associationId))),
    }),
  },
  actors: {},
};
