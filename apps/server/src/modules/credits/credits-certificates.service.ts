import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { rgb } from 'pdf-lib';
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, min } from 'drizzle-orm';
import {
  CREDIT_CATEGORY_LABELS,
  CREDIT_STATUS_PATH,
  STATUS_LIST_BITS,
  creditCertificateMessages as m,
  creditCertificatePath,
  creditText,
  evaluateCreditYear,
  maskIdNumber,
  type CreditCertificate,
  type CreditCertificateCheck,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import { createCjkPdf } from '../../lib/pdf/cjk-pdf';
import type { MessagesService } from '../messages';
import { users } from '../users';
import { regionOf, ruleFor, ruleTerms } from './credits.service';
import { creditsCertificates, creditsGrants, type CreditCertificateRow } from './credits.table';

/**
 * What the 学时证明 need of the platform's credential issuer (the exams area keeps its key): the app wires it in
 * (app.ts), so this area does not depend on exams, which grants credits through this area's ledger.
 */
export interface CredentialIssuer {
  issuerId: string;
  issuerRef: Record<string, unknown>;
  /** Adds the issuer's proof to a credential. */
  sign(document: Record<string, unknown>, created: Date): Promise<Record<string, unknown>>;
  /** The revocation entry of credential `id` in the lists published under `listBase`. */
  statusEntry(listBase: string, id: number): Record<string, unknown>;
  /** The signed revocation list at `url` with the bits `indexes` set, dated `since`. */
  signedStatusList(url: string, indexes: number[], since: Date): Promise<Record<string, unknown>>;
}

export interface CertificatesDeps {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  issuer: CredentialIssuer;
  baseUrl: string;
  siteName: string;
}

function toCertificate(r: CreditCertificateRow): CreditCertificate {
  return {
    number: r.number,
    year: r.year,
    holder_name: r.holderName,
    total: r.total,
    professional: r.professional,
    public: r.public,
    issued_at: r.issuedAt.toISOString(),
    state: r.revokedAt ? 'revoked' : 'valid',
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}

/** 张*明 from 张晓明: the public page never shows a whole name. */
const maskName = (name: string) => {
  const chars = [...name];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};

const chinaDateText = (d: Date) => {
  const [y, mo, da] = chinaDay(d).split('-');
  return `${y}年${Number(mo)}月${Number(da)}日`;
};

/**
 * Revokes a member's valid 学时证明 of `year` (a credit it counted was withdrawn), in the caller's transaction, and
 * tells them. The published revocation list shows it from then on.
 */
export async function revokeYearCertificate(
  tx: Executor,
  messages: MessagesService,
  v: { userId: number; year: number; reason: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(creditsCertificates)
    .set({ revokedAt: v.now, revokeReason: v.reason })
    .where(and(eq(creditsCertificates.userId, v.userId), eq(creditsCertificates.year, v.year), isNull(creditsCertificates.revokedAt)))
    .returning({ number: creditsCertificates.number });
  if (rows.length === 0) return false;
  await messages.send(
    v.userId,
    m.revokedTitle,
    `您的${v.year}年度继续教育学时证明（编号${rows[0]!.number}）因所列学分被撤销而失效。原因：${v.reason}。若该年度仍达标，可在“学分档案”中重新出具。`,
    tx,
  );
  return true;
}

export function createCertificatesService({ db, clock, issuer, baseUrl, siteName }: CertificatesDeps) {
  const statusListBase = `${baseUrl}${CREDIT_STATUS_PATH}`;

  async function owned(userId: number, number: string): Promise<CreditCertificateRow> {
    const [row] = await db
      .select()
      .from(creditsCertificates)
      .where(and(eq(creditsCertificates.number, number), eq(creditsCertificates.userId, userId)));
    if (!row) throw AppError.notFound(m.notFound);
    return row;
  }

  async function issueNumber(ex: DbOrTx, year: number): Promise<string> {
    for (;;) {
      const number = `XS${year}${String(randomInt(100_000_000)).padStart(8, '0')}`;
      const [taken] = await ex.select({ id: creditsCertificates.id }).from(creditsCertificates).where(eq(creditsCertificates.number, number));
      if (!taken) return number;
    }
  }

  return {
    /** Issues the year's certificate when the year is 达标 under the member's rule; a valid one is returned as is. */
    async issue(user: AuthUser, year: number): Promise<CreditCertificate> {
      if (user.role !== 'personal') throw AppError.forbidden(m.companyNotApplicable);
      const [existing] = await db
        .select()
        .from(creditsCertificates)
        .where(and(eq(creditsCertificates.userId, user.id), eq(creditsCertificates.year, year), isNull(creditsCertificates.revokedAt)));
      if (existing) return toCertificate(existing);
      const rule = await ruleFor(db, year, await regionOf(db, user.id));
      const grants = await db
        .select({ title: creditsGrants.title, category: creditsGrants.category, credits: creditsGrants.credits, source: creditsGrants.source })
        .from(creditsGrants)
        .where(and(eq(creditsGrants.userId, user.id), eq(creditsGrants.year, year), isNull(creditsGrants.withdrawnAt)))
        .orderBy(asc(creditsGrants.grantedAt), asc(creditsGrants.id));
      const figures = rule ? evaluateCreditYear(ruleTerms(rule), grants) : null;
      if (!rule || !figures?.met) throw AppError.conflict(m.notMet);
      const [person] = await db
        .select({ realName: users.realName, nickname: users.nickname, phone: users.phone, idNumber: users.idNumber })
        .from(users)
        .where(eq(users.id, user.id));
      // A 学时证明 names its holder as an employer or a CPE office knows them: never a nickname or a phone.
      const holderName = person?.realName?.trim();
      if (!holderName) throw AppError.conflict(m.realNameRequired);
      try {
        const [row] = await db
          .insert(creditsCertificates)
          .values({
            number: await issueNumber(db, year),
            userId: user.id,
            year,
            holderName,
            idNumberMasked: person?.idNumber ? maskIdNumber(person.idNumber) : null,
            total: figures.total,
            professional: figures.professional,
            public: figures.public,
            items: grants,
            ruleId: rule.id,
            issuedAt: clock.now(),
          })
          .returning();
        return toCertificate(row!);
      } catch (err) {
        // Two clicks at once: the other one issued it.
        if (!isUniqueViolation(err)) throw err;
        const [row] = await db
          .select()
          .from(creditsCertificates)
          .where(and(eq(creditsCertificates.userId, user.id), eq(creditsCertificates.year, year), isNull(creditsCertificates.revokedAt)));
        return toCertificate(row!);
      }
    },

    async mine(user: AuthUser): Promise<CreditCertificate[]> {
      const rows = await db
        .select()
        .from(creditsCertificates)
        .where(eq(creditsCertificates.userId, user.id))
        .orderBy(desc(creditsCertificates.year), desc(creditsCertificates.issuedAt));
      return rows.map(toCertificate);
    },

    /** A4 portrait: the holder, the year's credits by category, every course and conversion, the number and a QR code. */
    async pdf(user: AuthUser, number: string): Promise<Uint8Array> {
      const c = await owned(user.id, number);
      const { doc, regular: font, bold } = await createCjkPdf();
      doc.setTitle(`${c.year}年度继续教育学时证明 ${c.number}`);
      doc.setAuthor(siteName);
      const INK = rgb(0.15, 0.15, 0.2);
      const MUTED = rgb(0.4, 0.4, 0.45);
      let page = doc.addPage([595, 842]);
      const { width } = page.getSize();
      const centred = (text: string, y: number, size: number, f = font, color = INK) =>
        page.drawText(text, { x: (width - f.widthOfTextAtSize(text, size)) / 2, y, size, font: f, color });
      centred(siteName, 780, 13, font, MUTED);
      centred('继续教育学时证明', 740, 26, bold);
      const lines = [
        `姓名：${c.holderName}`,
        ...(c.idNumberMasked ? [`身份证号：${c.idNumberMasked}`] : []),
        `年度：${c.year}年`,
        `总学分：${creditText(c.total)}（${CREDIT_CATEGORY_LABELS.professional} ${creditText(c.professional)}，${CREDIT_CATEGORY_LABELS.public} ${creditText(c.public)}）`,
        `该学员${c.year}年度继续教育学分已达到规定要求，特此证明。`,
      ];
      let y = 690;
      for (const l of lines) {
        page.drawText(l, { x: 70, y, size: 13, font, color: INK });
        y -= 24;
      }
      y -= 8;
      page.drawText('学分明细', { x: 70, y, size: 13, font: bold, color: INK });
      y -= 22;
      for (const item of c.items) {
        if (y < 150) {
          page = doc.addPage([595, 842]);
          y = 780;
        }
        const right = `${CREDIT_CATEGORY_LABELS[item.category]}  ${creditText(item.credits)} 学分`;
        // The title takes what the right column leaves, cut with an ellipsis.
        const room = width - 140 - font.widthOfTextAtSize(right, 11) - 16;
        let title = item.title;
        while (font.widthOfTextAtSize(title, 11) > room && title.length > 1) title = `${[...title].slice(0, -2).join('')}…`;
        page.drawText(title, { x: 70, y, size: 11, font, color: INK });
        page.drawText(right, { x: width - 70 - font.widthOfTextAtSize(right, 11), y, size: 11, font, color: MUTED });
        y -= 18;
      }
      const last = doc.getPage(doc.getPageCount() - 1);
      last.drawText(`证明编号：${c.number}`, { x: 70, y: 110, size: 11, font, color: INK });
      last.drawText(`出具日期：${chinaDateText(c.issuedAt)}`, { x: 70, y: 92, size: 11, font, color: INK });
      if (c.revokedAt) last.drawText('（本证明已撤销）', { x: 70, y: 74, size: 11, font, color: rgb(0.8, 0.1, 0.1) });
      const png = await QRCode.toBuffer(`${baseUrl}${creditCertificatePath(c.number)}`, { margin: 1, width: 240 });
      const qr = await doc.embedPng(png);
      last.drawImage(qr, { x: width - 70 - 90, y: 70, width: 90, height: 90 });
      last.drawText('扫码查验', { x: width - 70 - 70, y: 56, size: 9, font, color: MUTED });
      return doc.save();
    },

    /** The certificate as an OpenBadgeCredential signed by the platform's issuer, with its revocation entry. */
    async credential(user: AuthUser, number: string): Promise<Record<string, unknown>> {
      const c = await owned(user.id, number);
      const checkUrl = `${baseUrl}${creditCertificatePath(c.number)}`;
      const document: Record<string, unknown> = {
        '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
        id: checkUrl,
        type: ['VerifiableCredential', 'OpenBadgeCredential'],
        name: `${c.year}年度继续教育学时证明`,
        issuer: issuer.issuerRef,
        validFrom: c.issuedAt.toISOString(),
        credentialStatus: issuer.statusEntry(statusListBase, c.id),
        credentialSubject: {
          type: ['AchievementSubject'],
          name: c.holderName,
          identifier: [{ type: 'IdentityObject', identityHash: c.number, identityType: 'identifier', hashed: false }],
          achievement: {
            id: `${baseUrl}/center/credit-archive#${c.year}`,
            type: ['Achievement'],
            name: `${c.year}年度会计人员继续教育`,
            description: `${c.year}年度继续教育学分达标：总学分${creditText(c.total)}，其中专业科目${creditText(c.professional)}、公需科目${creditText(c.public)}。`,
            criteria: { narrative: '按《会计专业技术人员继续教育规定》（财会〔2018〕10号）及所在地区的学分规则完成年度继续教育。' },
          },
          result: [{ type: ['Result'], value: creditText(c.total) }],
        },
      };
      return issuer.sign(document, clock.now());
    },

    async check(number: string): Promise<CreditCertificateCheck> {
      const [c] = await db.select().from(creditsCertificates).where(eq(creditsCertificates.number, number));
      if (!c) throw AppError.notFound(m.notFound);
      return {
        ...toCertificate(c),
        holder_name: maskName(c.holderName),
        issuer: siteName,
        items: c.items.map((i) => ({ title: i.title, category: CREDIT_CATEGORY_LABELS[i.category], credits: i.credits })),
      };
    },

    /** The signed revocation list `list` of the 学时证明, made from the revocations on record whenever asked. */
    async statusList(list: number): Promise<Record<string, unknown> | null> {
      const from = list * STATUS_LIST_BITS;
      const inRange = and(gte(creditsCertificates.id, from), lt(creditsCertificates.id, from + STATUS_LIST_BITS));
      const [[first], revoked] = await Promise.all([
        db.select({ issuedAt: min(creditsCertificates.issuedAt) }).from(creditsCertificates).where(inRange),
        db
          .select({ id: creditsCertificates.id, revokedAt: creditsCertificates.revokedAt })
          .from(creditsCertificates)
          .where(and(inRange, isNotNull(creditsCertificates.revokedAt))),
      ]);
      if (!first?.issuedAt) return null;
      const since = revoked.reduce((t, r) => (r.revokedAt! > t ? r.revokedAt! : t), new Date(first.issuedAt));
      return issuer.signedStatusList(`${statusListBase}/${list}`, revoked.map((r) => r.id - from), since);
    },
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;
