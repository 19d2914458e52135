import type { CreditDigestSettings } from '@app/contracts/credits/credits-digest.schemas';
import { creditDigestRoutes as dr } from '@app/contracts/credits/credits-digest.routes';
import { apiClient } from '@/shared/lib/api-client';

export const creditDigestKeys = { settings: ['credits', 'digest-settings'] as const };

export const creditDigestApi = {
  settings: () => apiClient.get<CreditDigestSettings>(dr.settings.path),
  save: (sms: boolean) =>
    apiClient.requestEnvelope<CreditDigestSettings>({ method: 'PUT', url: dr.saveSettings.path, data: { sms }, silent: true }),
};
