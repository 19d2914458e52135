// Articles by use case: cooperation leads (sent by visitors under a per-address limit, handled by staff).
import {
  LEAD_MAX_PER_IP_PER_HOUR,
  LEAD_MAX_PER_IP_PER_MINUTE,
  contentMessages as m,
  type leadInputSchema,
  type leadListQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { lockKey } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { pageWindow, toPaged } from '../../lib/pagination';
import { iso, type Actor, type ArticlesServiceDeps, type ArticlesShared } from './articles-shared';
import { articlesRepository as repo, type LeadRow } from './articles.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export function createArticlesLeadsService(
  { db, clock }: Pick<ArticlesServiceDeps, 'db' | 'clock'>,
  { actorName }: ArticlesShared,
) {
  return {
    // ---- cooperation leads ----------------------------------------------------------------------------------------
    /** Stores a lead; at most LEAD_MAX_PER_IP_PER_MINUTE a minute and LEAD_MAX_PER_IP_PER_HOUR an hour per address. */
    async sendLead(input: z.output<typeof leadInputSchema>, ip: string): Promise<{ id: number }> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        // Parallel posts from one address queue here, so the limit holds across processes.
        await lockKey(tx, `content-lead:${ip}`);
        const minute = await repo.countLeadsSince(tx, ip, new Date(now.getTime() - MINUTE_MS));
        const hour = await repo.countLeadsSince(tx, ip, new Date(now.getTime() - HOUR_MS));
        if (minute >= LEAD_MAX_PER_IP_PER_MINUTE || hour >= LEAD_MAX_PER_IP_PER_HOUR)
          throw new AppError(429, m.leadTooMany);
        return repo.insertLead(tx, {
          organisation: input.organisation,
          contact: input.contact,
          phone: input.phone,
          cooperationType: input.cooperation_type,
          need: input.need,
          ip,
          createdAt: now,
        });
      });
      return { id };
    },

    async leads(q: z.output<typeof leadListQuerySchema>) {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.leads(db, q.handled === undefined ? undefined : q.handled === 'yes', limit, offset);
      return toPaged(rows.map(leadOut), total, q);
    },

    async handleLead(actor: Actor, id: number) {
      const row = await repo.handleLead(db, id, await actorName(actor.id), clock.now());
      if (!row) throw new AppError(404, m.leadNotFound);
      return leadOut(row);
    },
  };
}

function leadOut(r: LeadRow) {
  return {
    id: r.id,
    organisation: r.organisation,
    contact: r.contact,
    phone: r.phone,
    cooperation_type: r.cooperationType,
    need: r.need,
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
    handled_by: r.handledBy,
  };
}
