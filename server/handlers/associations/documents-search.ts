// Full-text search of the document library: English stemming over the names (weight A) and the
// text of PDFs (weight B), `websearch_to_tsquery` syntax, only what the caller may read (the same
// rule as every other route: server/authz/document-access.ts).
import type { OperationHandler } from '../types.ts';
import { documentAccess, readablePermissions } from '../../authz/document-access.ts';
import { documentView, folderPath, type DocumentRow } from '../../documents/store.ts';

const MAX_RESULTS = 50;
// Private-use characters mark the matches in ts_headline's output: they cannot be mistaken for
// markup, and the answer carries the parts, never HTML.
const START = '\uE000';
const STOP = '\uE001';

/** "a \uE000b\uE001 c" as parts [{a }, {b, highlight}, { c}]. */
export function snippetParts(headline: string): { text: string; highlight: boolean }[] {
  const parts: { text: string; highlight: boolean }[] = [];
  for (const [i, piece] of headline.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (piece !== '') parts.push({ text: piece, highlight: i % 2 === 1 });
  }
  return parts;
}

export const searchDocuments: OperationHandler<'searchDocuments'> = async (req, services) => {
  const associationId = req.params.id;
  const access = await documentAccess(services.db, req.caller, associationId);
  const { rows } = await services.db.query<DocumentRow & { headline: string }>(
    // The best matches first, then a headline for those only (ts_headline reads the whole text).
    `WITH q AS (SELECT websearch_to_tsquery('english', $3) AS query),
     best AS (
       SELECT d.id, d.name, d.folder_id, d.content_type, d.size_bytes, d.uploaded_at, f.permission, d.body_text,
              ts_rank(d.search, q.query) AS rank
         FROM documents d JOIN document_folders f ON f.id = d.folder_id CROSS JOIN q
        WHERE d.association_id = $1 AND f.permission = ANY($2::text[]) AND d.search @@ q.query
        ORDER BY rank DESC, lower(d.name), d.id
        LIMIT ${MAX_RESULTS})
     SELECT best.id, best.name, best.folder_id, best.content_type, best.size_bytes, best.uploaded_at, best.permission,
            ts_headline('english', CASE WHEN best.body_text = '' THEN best.name ELSE best.body_text END, q.query, $4) AS headline
       FROM best CROSS JOIN q
      ORDER BY best.rank DESC, lower(best.name), best.id`,
    [associationId, readablePermissions(access.readLevel), req.query.q, `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`],
  );
  const results = [];
  for (const row of rows) {
    results.push({ document: documentView(row), folderPath: await folderPath(services.db, row.folder_id), snippet: snippetParts(row.headline) });
  }
  return { status: 200, body: { results } };
};
