import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { examsRepository as repo } from './exams.repository';
import { examsTypes } from './exams.table';
import type { PublicPages } from '../../lib/public-pages';

/**
 * What server-rendered page metadata and sitemap.xml need of the exam notices (/examNotice/{typeName}).
 * Certificate check pages are left out on purpose: they are reached by QR code, not listed.
 */
export function examsPublicPages(db: DbOrTx): PublicPages {
  return {
    pattern: '/examNotice/:typeName',
    async meta({ typeName }) {
      const type = await repo.typeByName(db, typeName ?? '');
      if (!type) return null;
      return { title: `${type.name}考试公告`, description: type.summary };
    },
    async sitemap() {
      const rows = await db
        .select({ typeName: examsTypes.typeName, updatedAt: examsTypes.updatedAt })
        .from(examsTypes)
        .orderBy(asc(examsTypes.sort));
      return rows.map((r) => ({ path: `/examNotice/${encodeURIComponent(r.typeName)}`, updatedAt: r.updatedAt }));
    },
  };
}

/**
 * The public certificate check page (/certificate/{number}, reached by the QR code on the certificate): 404 for a
 * number no certificate has. Not in sitemap.xml: certificates are not listed.
 */
export function certificateCheckPages(db: DbOrTx): PublicPages {
  return {
    pattern: '/certificate/:number',
    async meta({ number }) {
      const certificate = await repo.certificateByNumber(db, number ?? '');
      if (!certificate) return null;
      return {
        title: `证书查验 ${certificate.number}`,
        description: `${certificate.examName}证书（编号 ${certificate.number}）的真伪查验`,
      };
    },
    async sitemap() {
      return [];
    },
  };
}
