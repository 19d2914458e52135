import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import { creditYearNumberSchema } from './credits.schemas';

/**
 * 继续教育学时证明: a member whose year is 达标 downloads it as a PDF (with a QR code to its public check page) and as a
 * signed verifiable credential (Open Badges 3.0, the platform's issuer); withdrawing a credit of that year revokes it,
 * and the published revocation list says so to any verifier.
 */
export const CREDIT_CERTIFICATE_PATH = '/creditCertificate';
export const creditCertificatePath = (number: string) => `${CREDIT_CERTIFICATE_PATH}/${encodeURIComponent(number)}`;
/** Where the 学时证明' revocation lists are published: `${CREDIT_STATUS_PATH}/{list}`. */
export const CREDIT_STATUS_PATH = '/api/credential_status/cpe';

export const creditCertificateMessages = {
  notMet: '本年度学分尚未达标，暂不能出具学时证明',
  realNameRequired: '学时证明须写明真实姓名，请先在“人才画像”中填写姓名',
  notFound: '学时证明不存在',
  companyNotApplicable: '学时证明仅对个人账号开放',
  issued: '学时证明已出具',
  statusListNotFound: '状态列表不存在',
  revokedTitle: '继续教育学时证明已撤销',
} as const;

export const creditCertificateSchema = z.object({
  number: z.string(),
  year: z.number().int(),
  holder_name: z.string(),
  /** Tenths of a credit. */
  total: z.number().int(),
  professional: z.number().int(),
  public: z.number().int(),
  issued_at: z.string(),
  state: z.enum(['valid', 'revoked']),
  revoked_at: z.string().nullable(),
});
export type CreditCertificate = z.infer<typeof creditCertificateSchema>;

/** The public check page's view: the holder's name masked, the rest as issued. */
export const creditCertificateCheckSchema = creditCertificateSchema.omit({ holder_name: true }).extend({
  holder_name: z.string(),
  issuer: z.string(),
  items: z.array(z.object({ title: z.string(), category: z.string(), credits: z.number().int() })),
});
export type CreditCertificateCheck = z.infer<typeof creditCertificateCheckSchema>;

const numberParams = z.object({ number: z.string().trim().min(1).max(40) });

export const creditCertificateRoutes = {
  issue: {
    method: 'POST',
    path: '/api/credits/certificates',
    summary: '出具某年度的继续教育学时证明（该年度须已达标；已出具且有效时返回原证明）',
    body: z.object({ year: creditYearNumberSchema }),
    response: envelopeSchema(creditCertificateSchema),
  },
  mine: {
    method: 'GET',
    path: '/api/credits/certificates',
    summary: '我的继续教育学时证明',
    response: envelopeSchema(z.array(creditCertificateSchema)),
  },
  pdf: {
    method: 'GET',
    path: '/api/credits/certificates/:number/pdf',
    summary: '下载学时证明 PDF（本人）',
    params: numberParams,
    response: z.unknown(),
  },
  credential: {
    method: 'GET',
    path: '/api/credits/certificates/:number/credential',
    summary: '下载学时证明的可验证电子凭证（Open Badges 3.0，本人）',
    params: numberParams,
    response: z.unknown(),
  },
  check: {
    method: 'GET',
    path: '/api/credits/certificates/:number/check',
    summary: '查验学时证明（公开，持有人姓名脱敏）',
    params: numberParams,
    response: envelopeSchema(creditCertificateCheckSchema),
  },
  statusList: {
    method: 'GET',
    path: `${CREDIT_STATUS_PATH}/:list`,
    summary: '学时证明的撤销状态列表（W3C Bitstring Status List，已签名）',
    params: z.object({ list: z.coerce.number().int().min(0).max(1000) }),
    response: z.unknown(),
  },
} as const;
