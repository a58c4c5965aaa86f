// Files attached to homeowner requests: GET/POST /HomeownerRequests/{id}/Attachments and
// GET /HomeownerRequests/{id}/Attachments/{attachmentId}. x-policy admits the account's owner and
// the association's management staff (resource homeownerRequest); the attachment id is looked up
// within the request of the path only. An upload passes the document library's checks (size, type
// read from the content) before anything is written.
import { principalOf, type OperationHandler } from '../types.ts';
import { nameFromFilename } from '../../documents/names.ts';
import { downloadHeaders } from '../../documents/download.ts';
import { checkedFile, readUploadParts } from '../../documents/upload-check.ts';
import { lockRequestHead } from '../../community/requests-store.ts';
import { addAttachment, attachmentOf, attachmentStream, attachmentView, attachmentsOf } from '../../community/request-attachments.ts';

export const listHomeownerRequestAttachments: OperationHandler<'listHomeownerRequestAttachments'> = async (req, services) => {
  const rows = await attachmentsOf(services.db, req.params.id);
  return { status: 200, body: { attachments: rows.map(attachmentView) } };
};

export const uploadHomeownerRequestAttachment: OperationHandler<'uploadHomeownerRequestAttachment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const { file: sent } = await readUploadParts(req.upload, 'uploadHomeownerRequestAttachment');
  const { file, type } = await checkedFile(sent);
  const row = await services.db.transaction(async (tx) => {
    const head = await lockRequestHead(tx, req.params.id);
    // x-policy admitted the account's owner or the association's staff: anyone but the owner is management.
    return addAttachment(tx, head.id, {
      name: nameFromFilename(file.filename),
      type,
      bytes: file.bytes,
      uploadedBy: userId,
      fromManagement: head.homeownerUserId !== userId,
      at: services.clock(),
    });
  });
  return { status: 201, body: attachmentView(row) };
};

export const downloadHomeownerRequestAttachment: OperationHandler<'downloadHomeownerRequestAttachment'> = async (req, services) => {
  const row = await attachmentOf(services.db, req.params.id, req.params.attachmentId);
  return {
    status: 200,
    headers: downloadHeaders({ name: row.name, contentType: row.content_type, sizeBytes: Number(row.size_bytes) }, req.query.inline === true),
    content: attachmentStream(services.db, row.id),
  };
};
