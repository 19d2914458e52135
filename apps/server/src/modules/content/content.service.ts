import QRCode from 'qrcode';
import { z } from 'zod';
import { HELP_TYPES, LEARNING_BASES, type CommonData, type ProblemGroup } from '@app/contracts';
import type { Clock } from '../../lib/clock';
import type { ContentRepository } from './content.repository';

/** Where the generated QR image of the association website is served. */
export const QR_CODE_PATH = '/api/common_data/qr_code.svg';

/** common_data is read on every page view; a short cache keeps it off the database. */
export const COMMON_DATA_TTL_MS = 30_000;

/** Site settings keys and their shape; a missing or malformed value falls back to the default. */
export const siteSettingSchemas = {
  contact_phones: z.array(z.string()).catch([]),
  working_hours: z.string().catch('09:00-17:00'),
  mailbox: z.string().catch(''),
  qr_code_url: z.string().catch(QR_CODE_PATH),
  filing_numbers: z.array(z.object({ text: z.string(), url: z.string() })).catch([]),
  association_url: z.string().catch(''),
} as const;
type SettingKey = keyof typeof siteSettingSchemas;
const SETTING_KEYS = Object.keys(siteSettingSchemas) as SettingKey[];

export function createContentService(deps: {
  contentRepo: ContentRepository;
  clock: Clock;
  siteName: string;
}) {
  const { contentRepo, clock, siteName } = deps;
  let cached: { value: CommonData; expiresAt: number } | undefined;
  let qr: { url: string; svg: string } | undefined;

  async function loadCommonData(): Promise<CommonData> {
    const stored = await contentRepo.getSettings(SETTING_KEYS);
    const setting = <K extends SettingKey>(key: K) =>
      siteSettingSchemas[key].parse(stored.get(key)) as z.output<(typeof siteSettingSchemas)[K]>;
    return {
      site_name: siteName,
      contact_phones: setting('contact_phones'),
      working_hours: setting('working_hours'),
      mailbox: setting('mailbox'),
      qr_code_url: setting('qr_code_url'),
      filing_numbers: setting('filing_numbers'),
      association_url: setting('association_url'),
      learning_bases: { ...LEARNING_BASES },
    };
  }

  return {
    /** Help problems grouped by guide type, in HELP_TYPES order; every type appears, possibly empty. */
    async problems(): Promise<ProblemGroup[]> {
      const rows = await contentRepo.listProblems();
      return HELP_TYPES.map((type) => ({
        ttype: type.value,
        name: type.label,
        problems: rows
          .filter((r) => r.ttype === type.value)
          .map((r) => ({ id: r.id, name: r.name, content: r.content, ttype: r.ttype, sort: r.sort })),
      }));
    },

    async commonData(): Promise<CommonData> {
      const now = clock.now().getTime();
      if (!cached || cached.expiresAt <= now) {
        cached = { value: await loadCommonData(), expiresAt: now + COMMON_DATA_TTL_MS };
      }
      return cached.value;
    },

    /** Drops the cache after an admin edits the settings. */
    invalidateCommonData(): void {
      cached = undefined;
    },

    /** SVG QR code of the association website (the footer's public-account image). */
    async associationQrSvg(): Promise<string> {
      const { association_url: url } = await this.commonData();
      if (!qr || qr.url !== url) {
        qr = {
          url,
          svg: await QRCode.toString(url || siteName, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
        };
      }
      return qr.svg;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
