import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import {
  CONVERSION_KINDS,
  CREDIT_CATEGORIES,
  CREDIT_GRANT_MAX,
  CREDIT_MINUTES_MAX,
  CREDIT_MINUTES_MIN,
  CREDIT_REGIONS,
  CREDIT_REQUIRED_MAX,
  CREDIT_SOURCES,
  creditsMessages as m,
} from './credits.rules';

const iso = z.string();
/** Calendar years a rule or a member's year may name. */
export const creditYearNumberSchema = z.coerce.number({ error: m.yearInvalid }).int(m.yearInvalid).min(2018, m.yearInvalid).max(2100, m.yearInvalid);
export const creditRegionSchema = z.enum(CREDIT_REGIONS, { error: m.regionInvalid });
const tenths = (error: string, max: number) => z.number({ error }).int(error).min(0, error).max(max, error);

export const conversionRuleSchema = z.object({
  kind: z.enum(CONVERSION_KINDS, { error: m.conversionsInvalid }),
  credits: tenths(m.conversionsInvalid, CREDIT_GRANT_MAX).min(1, m.conversionsInvalid),
  co_credits: tenths(m.conversionsInvalid, CREDIT_GRANT_MAX).nullable(),
  evidence: z.string({ error: m.conversionsInvalid }).trim().min(1, m.conversionsInvalid).max(200, m.conversionsInvalid),
});

/** A year's rule as staff write it (a new version of the year's and region's rule). Credits in tenths. */
export const creditRuleBodySchema = z
  .object({
    year: creditYearNumberSchema,
    /** Null: the national rule. */
    region: creditRegionSchema.nullable(),
    required_total: tenths(m.requiredInvalid, CREDIT_REQUIRED_MAX).min(1, m.requiredInvalid),
    professional_min: tenths(m.professionalInvalid, CREDIT_REQUIRED_MAX).nullable(),
    professional_share: z
      .tuple([z.number().int().min(0), z.number().int().min(1)], { error: m.shareInvalid })
      .refine(([n, d]) => n <= d, m.shareInvalid)
      .nullable(),
    public_min: tenths(m.publicInvalid, CREDIT_REQUIRED_MAX).nullable(),
    minutes_per_credit: z.number({ error: m.minutesInvalid }).int(m.minutesInvalid).min(CREDIT_MINUTES_MIN, m.minutesInvalid).max(CREDIT_MINUTES_MAX, m.minutesInvalid),
    conversions: z.array(conversionRuleSchema).max(CONVERSION_KINDS.length, m.conversionsInvalid).refine((c) => new Set(c.map((x) => x.kind)).size === c.length, m.conversionsInvalid),
    filing_deadline: z.iso.date({ error: m.deadlineInvalid }),
    source: z.string({ error: m.sourceRequired }).trim().min(1, m.sourceRequired).max(200, m.sourceTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.professional_min !== null && v.professional_min > v.required_total)
      ctx.addIssue({ code: 'custom', path: ['professional_min'], message: m.professionalInvalid });
    if (v.public_min !== null && v.public_min > v.required_total)
      ctx.addIssue({ code: 'custom', path: ['public_min'], message: m.publicInvalid });
    if (v.filing_deadline < `${v.year}-01-01`) ctx.addIssue({ code: 'custom', path: ['filing_deadline'], message: m.deadlineInvalid });
  });
export type CreditRuleBody = z.input<typeof creditRuleBodySchema>;

export const creditRuleSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  region: z.string().nullable(),
  /** Each change is a new version; credits keep the version they were granted under. */
  version: z.number().int(),
  required_total: z.number().int(),
  professional_min: z.number().int().nullable(),
  professional_share: z.tuple([z.number().int(), z.number().int()]).nullable(),
  public_min: z.number().int().nullable(),
  minutes_per_credit: z.number().int(),
  conversions: z.array(conversionRuleSchema),
  filing_deadline: z.string(),
  source: z.string(),
  created_at: iso,
  /** Staff member who wrote this version; null for seeded rules. */
  created_by: z.string().nullable(),
});
export type CreditRule = z.infer<typeof creditRuleSchema>;

export const creditGrantSchema = z.object({
  id: z.number().int(),
  source: z.enum(CREDIT_SOURCES),
  /** The course, live class, exam or activity, in words. */
  title: z.string(),
  category: z.enum(CREDIT_CATEGORIES),
  credits: z.number().int(),
  granted_at: iso,
  rule_version: z.number().int(),
});
export type CreditGrant = z.infer<typeof creditGrantSchema>;

const figuresSchema = z.object({ total: z.number().int(), professional: z.number().int(), public: z.number().int() });

/** A course that would close part of the gap (not yet finished by the member, carrying credits). */
export const creditSuggestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(CREDIT_CATEGORIES),
  credits: z.number().int(),
});

/** GET /api/credits/year: one year of a member's credits against the rule that applies to them. */
export const myCreditYearSchema = z.object({
  year: z.number().int(),
  /** The member's chosen region (null: not chosen, the national rule applies). */
  region: z.string().nullable(),
  rule: creditRuleSchema.nullable(),
  earned: figuresSchema,
  required: figuresSchema,
  missing: figuresSchema,
  met: z.boolean(),
  grants: z.array(creditGrantSchema),
  suggestions: z.array(creditSuggestionSchema),
  /** Each earlier year with credits: its result under its own rule. */
  history: z.array(z.object({ year: z.number().int(), total: z.number().int(), met: z.boolean().nullable() })),
});
export type MyCreditYear = z.infer<typeof myCreditYearSchema>;

export const creditYearQuerySchema = z.object({ year: creditYearNumberSchema.optional() });
export const creditRegionBodySchema = z.object({ region: creditRegionSchema.nullable() });

/** A course's credit setting in the staff screen. */
export const courseCreditSchema = z.object({
  course_id: z.number().int(),
  title: z.string(),
  published: z.boolean(),
  /** Minutes of the course's lessons. */
  duration_minutes: z.number().int(),
  category: z.enum(CREDIT_CATEGORIES).nullable(),
  credits: z.number().int().nullable(),
});
export type CourseCredit = z.infer<typeof courseCreditSchema>;
export const courseCreditBodySchema = z.object({
  /** Null (with credits null): the course grants no credits. */
  category: z.enum(CREDIT_CATEGORIES, { error: m.categoryInvalid }).nullable(),
  credits: z.number({ error: m.creditsInvalid }).int(m.creditsInvalid).min(1, m.creditsInvalid).max(CREDIT_GRANT_MAX, m.creditsInvalid).nullable(),
}).refine((v) => (v.category === null) === (v.credits === null), { path: ['credits'], message: m.creditsInvalid });
export type CourseCreditBody = z.input<typeof courseCreditBodySchema>;
export const courseCreditParamsSchema = z.object({ id: recordIdSchema(m.courseNotFound) });
