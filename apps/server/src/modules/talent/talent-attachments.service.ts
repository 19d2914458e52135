// Talent by use case: attachments (credential scans), stored by content and read by those allowed to.
import { randomBytes } from 'node:crypto';
import {
  hasPermission,
  talentMessages as m,
  TALENT_ATTACHMENTS_MAX,
  type TalentAttachment,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { encodeImage } from '../../lib/image-store';
import { displayFileName } from '../../lib/multipart-upload';
import { lockKey } from '../../db/sql';
import type { AuthUser } from '../../lib/auth';
import { ATTACHMENT_FILE_REGEX, checkAttachmentPdf, detectAttachmentType } from './attachment-type';
import { TALENT_ATTACHMENT_KEY_PREFIX, toAttachment, type TalentServiceDeps } from './talent-shared';
import { talentRepository as repo } from './talent.repository';

export function createTalentAttachmentsService(deps: TalentServiceDeps) {
  const { db, clock, storage } = deps;
  const attachmentAccess = deps.attachmentAccess ?? [];

  return {
    // ---- attachments ----------------------------------------------------------------------------------------

    /**
     * Stores a PDF that opens, or a JPEG or PNG re-encoded as WebP without its metadata (by content), under a random
     * name; the caller enforces the size limit.
     */
    async uploadAttachment(
      userId: number,
      upload: Buffer,
      fileName: string | undefined,
    ): Promise<TalentAttachment> {
      const detected = detectAttachmentType(upload);
      if (!detected) throw new AppError(415, m.attachmentBadType);
      let content = upload;
      let type: { ext: string; mime: string } = detected;
      if (detected.ext === 'pdf') await checkAttachmentPdf(content);
      else {
        content = (await encodeImage(upload, 'document', m.attachmentBadType)).data;
        type = { ext: 'webp', mime: 'image/webp' };
      }
      if (!storage) throw new Error('attachment uploads need the storage');
      const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
      const key = TALENT_ATTACHMENT_KEY_PREFIX + storedName;
      let written = false;
      try {
        return await db.transaction(async (tx) => {
          await lockKey(tx, `talent:attachments:${userId}`);
          const n = await repo.countAttachments(tx, userId);
          if (n >= TALENT_ATTACHMENTS_MAX) throw AppError.badRequest(m.attachmentsTooMany);
          await storage.put(key, content, { contentType: type.mime, ifAbsent: true });
          written = true;
          const row = await repo.insertAttachment(tx, {
            userId,
            storedName,
            originalName: displayFileName(fileName),
            mime: type.mime,
            size: content.length,
            createdAt: clock.now(),
          });
          return toAttachment(row);
        });
      } catch (err) {
        // The row was not committed: the file must not stay behind as an orphan nobody can reach or delete.
        if (written) await storage.delete(key);
        throw err;
      }
    },

    /** The storage key of an attachment the viewer may read (owner, staff, extra checks); 404 otherwise. */
    async attachmentForViewer(
      viewer: AuthUser,
      id: number,
    ): Promise<{ key: string; mime: string; size: number }> {
      const a = await repo.attachment(db, id);
      if (!a || !ATTACHMENT_FILE_REGEX.test(a.storedName)) throw new AppError(404, m.attachmentNotFound);
      let allowed = a.userId === viewer.id || hasPermission(viewer.staffRoles, 'stars');
      for (const check of attachmentAccess) {
        if (allowed) break;
        allowed = await check(viewer, a.userId);
      }
      if (!allowed) throw new AppError(404, m.attachmentNotFound);
      return { key: TALENT_ATTACHMENT_KEY_PREFIX + a.storedName, mime: a.mime, size: a.size };
    },
  };
}
