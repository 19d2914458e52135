import { standardsRoutes as r } from '@app/contracts/standards/standards.routes';
import type {
  AdminStandard,
  RecordedChange,
  StandardAudience,
  StandardBody,
  StandardChangeBody,
  StandardLinkBody,
  StandardTargets,
} from '@app/contracts/standards/standards.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

export const standardsKeys = {
  all: ['standards'] as const,
  list: ['standards', 'admin'] as const,
  targets: ['standards', 'targets'] as const,
  audience: (id: number) => ['standards', 'audience', id] as const,
};

const linkPath = (path: string, id: number, linkId: number) => withId(path, id).replace(':linkId', String(linkId));

/** The staff screen's calls; each answers the whole envelope, whose message the screen shows. */
export const standardsApi = {
  list: () => apiClient.get<AdminStandard[]>(r.adminList.path),
  targets: () => apiClient.get<StandardTargets>(r.adminTargets.path),
  audience: (id: number) => apiClient.get<StandardAudience>(withId(r.adminAudience.path, id)),
  create: (body: StandardBody) =>
    apiClient.requestEnvelope<AdminStandard>({ method: 'POST', url: r.adminCreate.path, data: body, silent: true }),
  update: (id: number, body: StandardBody) =>
    apiClient.requestEnvelope<AdminStandard>({ method: 'PUT', url: withId(r.adminUpdate.path, id), data: body, silent: true }),
  link: (id: number, body: StandardLinkBody) =>
    apiClient.requestEnvelope<AdminStandard>({ method: 'POST', url: withId(r.adminLink.path, id), data: body, silent: true }),
  unlink: (id: number, linkId: number) =>
    apiClient.requestEnvelope<AdminStandard>({ method: 'DELETE', url: linkPath(r.adminUnlink.path, id, linkId), silent: true }),
  recordChange: (id: number, body: StandardChangeBody) =>
    apiClient.requestEnvelope<RecordedChange>({ method: 'POST', url: withId(r.adminRecordChange.path, id), data: body, silent: true }),
  markUpdated: (id: number, linkId: number) =>
    apiClient.requestEnvelope<AdminStandard>({ method: 'POST', url: linkPath(r.adminMarkUpdated.path, id, linkId), data: {}, silent: true }),
};
