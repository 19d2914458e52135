// Recruiting by use case: the company profile (logo, licence) and its verification by staff.
import {
  COMPANY_STATUS_LABELS,
  recruitingMessages as m,
  type AdminCompany,
  type Company,
  type CompanyOverview,
  type Paged,
  type adminCompaniesQuerySchema,
  type companyBodySchema,
  type reviewBodySchema,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { AVATAR_FILE_REGEX } from '../../lib/image-type';
import { removeStoredImage, storeImage } from '../../lib/image-store';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { StaffActor } from '../audit';
import { talentOptions } from '../talent';
import {
  COMPANY_IMAGE_KEY_PREFIX,
  iso,
  logoUrl,
  requireCompany,
  type Out,
  type RecruitingServiceDeps,
  type RecruitingShared,
} from './recruiting-shared';
import { recruitingRepository as repo, type CompanyRow } from './recruiting.repository';

export function createRecruitingCompaniesService(
  { db, clock, storage, messages, audit }: RecruitingServiceDeps,
  { today }: RecruitingShared,
) {
  const prefix = COMPANY_IMAGE_KEY_PREFIX;

  async function toCompany(userId: number, row: CompanyRow | null): Promise<Company> {
    const person = await repo.personOf(db, userId);
    return {
      user_id: userId,
      name: row?.name ?? person?.company_name ?? person?.nickname ?? '',
      credit_code: person?.credit_code ?? null,
      industry: row?.industry ?? null,
      unit_size: row?.unitSize ?? null,
      city: row?.city ?? null,
      address: row?.address ?? null,
      logo: row?.logo ? logoUrl(row.logo) : null,
      intro: row?.intro ?? null,
      contact_name: row?.contactName ?? null,
      contact_phone: row?.contactPhone ?? null,
      status: row?.status ?? 'unsubmitted',
      status_label: COMPANY_STATUS_LABELS[row?.status ?? 'unsubmitted'],
      reject_reason: row?.status === 'rejected' ? row.rejectReason : null,
      has_licence: !!row?.licence,
      online_posts: await repo.onlinePostCount(db, userId, today()),
      updated_at: iso(row?.updatedAt),
    };
  }

  // Logos and licences share one key prefix; only the routes serve them (licences to staff only).
  const storeCompanyImage = (content: Buffer, profile: 'avatar' | 'document') =>
    storeImage(storage, prefix, content, profile, { badType: m.imageBadType });

  return {
    async myCompany(u: AuthUser): Promise<Company> {
      requireCompany(u);
      return toCompany(u.id, await repo.company(db, u.id));
    },

    async companyOverview(u: AuthUser): Promise<CompanyOverview> {
      requireCompany(u);
      const company = await toCompany(u.id, await repo.company(db, u.id));
      return {
        name: company.name,
        logo: company.logo,
        status: company.status,
        status_label: company.status_label,
        ...(await repo.companyOverview(db, u.id, today())),
      };
    },

    async saveCompany(u: AuthUser, b: Out<typeof companyBodySchema>): Promise<Company> {
      requireCompany(u);
      const errors: Record<string, string> = {};
      if (!talentOptions.isIndustry(b.industry)) errors.industry = m.industryInvalid;
      if (!talentOptions.isCityPair(b.city)) errors.city = m.cityInvalid;
      const first = Object.values(errors)[0];
      if (first) throw AppError.badRequest(first, errors);
      const now = clock.now();
      const current = await repo.company(db, u.id);
      // The name is what staff checked against the licence: renaming a verified company sends it back to review
      // with the licence on file (posts already online stay; new posts wait for the review).
      const renamedAfterReview = current?.status === 'verified' && current.name !== b.name;
      const row = await repo.upsertCompany(
        db,
        u.id,
        {
          ...(renamedAfterReview ? { status: 'pending' as const, submittedAt: now, rejectReason: null } : {}),
          name: b.name,
          industry: b.industry,
          unitSize: b.unit_size,
          city: b.city,
          address: b.address,
          intro: b.intro,
          contactName: b.contact_name,
          contactPhone: b.contact_phone,
        },
        now,
      );
      return toCompany(u.id, row);
    },

    /** Stores the licence image and sends the profile to staff review. */
    async submitLicence(u: AuthUser, content: Buffer): Promise<Company> {
      requireCompany(u);
      const current = await repo.company(db, u.id);
      if (!current?.industry) throw AppError.badRequest(m.profileIncomplete);
      if (current.status === 'pending') throw AppError.conflict(m.alreadyPending);
      if (current.status === 'verified') throw AppError.conflict('企业已认证');
      const file = await storeCompanyImage(content, 'document');
      const now = clock.now();
      const row = await repo.setCompanyStatus(db, u.id, ['unsubmitted', 'rejected'], {
        licence: file,
        status: 'pending',
        rejectReason: null,
        submittedAt: now,
        updatedAt: now,
      });
      if (!row) {
        await removeStoredImage(storage, prefix, file, 'document');
        throw AppError.conflict(m.alreadyPending);
      }
      if (current.licence) await removeStoredImage(storage, prefix, current.licence, 'document');
      return toCompany(u.id, row);
    },

    async uploadLogo(u: AuthUser, content: Buffer): Promise<Company> {
      requireCompany(u);
      const current = await repo.company(db, u.id);
      if (!current) throw AppError.badRequest(m.profileIncomplete);
      const file = await storeCompanyImage(content, 'avatar');
      const row = await repo.upsertCompany(db, u.id, { name: current.name, logo: file }, clock.now());
      if (current.logo) await removeStoredImage(storage, prefix, current.logo, 'avatar');
      return toCompany(u.id, row);
    },

    /** Storage key of a logo by its stored name (public), or null. */
    logoKey(file: string): string | null {
      return AVATAR_FILE_REGEX.test(file) ? prefix + file : null;
    },

    /** Storage key of a company's licence (private: staff who review companies only). */
    async licenceKey(companyId: number): Promise<string> {
      const c = await repo.company(db, companyId);
      if (!c?.licence || !AVATAR_FILE_REGEX.test(c.licence)) throw AppError.notFound(m.companyNotFound);
      return prefix + c.licence;
    },

    async adminCompanies(q: Out<typeof adminCompaniesQuerySchema>): Promise<Paged<AdminCompany>> {
      const { limit, offset } = pageWindow(q);
      const rows = await repo.adminCompanies(db, q.status === 'all' ? null : q.status, limit, offset);
      const list = await Promise.all(
        rows.map(async (r) => ({
          ...(await toCompany(r.userId, r)),
          phone: r.phone,
          submitted_at: iso(r.submittedAt),
        })),
      );
      return toPaged(list, rows[0]?.total ?? 0, q);
    },

    async reviewCompany(
      staff: StaffActor,
      companyId: number,
      b: Out<typeof reviewBodySchema>,
    ): Promise<Company> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const updated = await repo.setCompanyStatus(tx, companyId, ['pending'], {
          status: b.approve ? 'verified' : 'rejected',
          rejectReason: b.approve ? null : b.reason,
          reviewedAt: now,
          reviewedBy: staff.id,
        });
        if (!updated) {
          if (!(await repo.company(tx, companyId))) throw AppError.notFound(m.companyNotFound);
          throw AppError.conflict(m.notPending);
        }
        if (b.approve)
          await messages.send(
            companyId,
            '企业认证已通过',
            `您的企业「${updated.name}」已通过平台认证，现在可以发布职位了。`,
            tx,
          );
        else
          await messages.send(
            companyId,
            '企业认证未通过',
            `您的企业「${updated.name}」认证未通过，原因：${b.reason}。请修改后重新上传营业执照。`,
            tx,
          );
        await audit.record(tx, staff, {
          action: b.approve ? 'company.verify' : 'company.reject',
          entity: 'company',
          entityId: companyId,
          before: { status: 'pending' },
          after: { status: updated.status, reason: b.approve ? null : b.reason },
        });
        return updated;
      });
      return toCompany(companyId, row);
    },
  };
}
