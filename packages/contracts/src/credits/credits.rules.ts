/**
 * Continuing-education credits (会计人员继续教育学分, 《会计专业技术人员继续教育规定》财会〔2018〕10号). Credits are kept
 * in tenths of a credit (学分 x 10) everywhere, as money is kept in fen: 90 学分 is 900. A year's rule is data (staff
 * keep it per year and per province); `evaluateCreditYear` is the one reading of it, shared by the server, the web
 * and the benchmark.
 */

export const CREDIT_CATEGORIES = ['professional', 'public'] as const;
export type CreditCategory = (typeof CREDIT_CATEGORIES)[number];
export const CREDIT_CATEGORY_LABELS: Record<CreditCategory, string> = {
  professional: '专业科目',
  public: '公需科目',
};

/** Where a credit came from. */
export const CREDIT_SOURCES = ['course', 'live', 'exam', 'conversion'] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];
export const CREDIT_SOURCE_LABELS: Record<CreditSource, string> = {
  course: '课程学习',
  live: '直播课',
  exam: '考试',
  conversion: '学分折算',
};

/** Activities the regulation converts into credits (学分折算). */
export const CONVERSION_KINDS = ['exam', 'conference', 'degree', 'research', 'paper', 'book'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];
export const CONVERSION_KIND_LABELS: Record<ConversionKind, string> = {
  exam: '通过会计资格考试（或相关考试）科目',
  conference: '参加会计类学术会议',
  degree: '攻读会计类学历（学位）课程',
  research: '主持或参与会计类研究课题',
  paper: '在有 CN 刊号的期刊发表会计类论文',
  book: '公开出版会计类书籍',
};

/** Tenths of a credit per whole credit. */
export const CREDIT_SCALE = 10;
/** Most credits a rule can ask for in a year, and most a single grant can carry (tenths). */
export const CREDIT_REQUIRED_MAX = 3000;
export const CREDIT_GRANT_MAX = 900;
export const CREDIT_MINUTES_MIN = 10;
export const CREDIT_MINUTES_MAX = 120;
/** The national rule's minutes of verified learning per credit (docs/decisions.md). */
export const DEFAULT_MINUTES_PER_CREDIT = 50;

/** Shown as "90" or "1.5": tenths to a display string. */
export function creditText(tenths: number): string {
  const whole = Math.trunc(tenths / CREDIT_SCALE);
  const rest = Math.abs(tenths % CREDIT_SCALE);
  return rest === 0 ? String(whole) : `${tenths < 0 && whole === 0 ? '-' : ''}${whole}.${rest}`;
}

/**
 * Verified learning minutes to credits (tenths), rounded down to a tenth: at 50 minutes a credit, 74 minutes are
 * 1.4 credits and 4 minutes are none. Partial minutes never add up to a tenth they did not reach.
 */
export function minutesToCredits(minutes: number, minutesPerCredit: number): number {
  if (!(minutes > 0) || !(minutesPerCredit > 0)) return 0;
  return Math.floor((Math.floor(minutes) * CREDIT_SCALE) / minutesPerCredit);
}

export interface ConversionRule {
  kind: ConversionKind;
  /** Credits (tenths) for the person who did it. */
  credits: number;
  /** Credits (tenths) for co-authors or other members; null when the activity has no such role. */
  co_credits: number | null;
  /** What the filing must show, in the member's words. */
  evidence: string;
}

/** The parts of a year's rule the evaluation reads. */
export interface CreditRuleTerms {
  required_total: number;
  /** The least 专业科目 credits (tenths); null: no absolute minimum. */
  professional_min: number | null;
  /** 专业科目 as a share of the required total, as a fraction (2/3 -> [2, 3]); null: no share. */
  professional_share: [number, number] | null;
  /** The least 公需科目 credits (tenths); null: no minimum. */
  public_min: number | null;
}

export interface CreditYearFigures {
  total: number;
  professional: number;
  public: number;
  required: { total: number; professional: number; public: number };
  /** What is still missing, each at least 0. */
  missing: { total: number; professional: number; public: number };
  /** 达标: every requirement is met. */
  met: boolean;
}

/** 专业科目 required: the larger of the absolute minimum and the share of the required total (rounded up). */
export function professionalRequired(rule: CreditRuleTerms): number {
  const share = rule.professional_share ? Math.ceil((rule.required_total * rule.professional_share[0]) / rule.professional_share[1]) : 0;
  return Math.max(rule.professional_min ?? 0, share);
}

/**
 * A year's credits against its rule. The share of 专业科目 is read against the required total (2/3 of 90 = 60), not
 * against what was earned: earning more 公需科目 than needed never turns a year that meets the minimum into a miss
 * (docs/decisions.md). Withdrawn credits are not passed in.
 */
export function evaluateCreditYear(
  rule: CreditRuleTerms,
  credits: readonly { category: CreditCategory; credits: number }[],
): CreditYearFigures {
  let professional = 0;
  let pub = 0;
  for (const c of credits) {
    if (c.category === 'professional') professional += c.credits;
    else pub += c.credits;
  }
  const total = professional + pub;
  const required = { total: rule.required_total, professional: professionalRequired(rule), public: rule.public_min ?? 0 };
  const missing = {
    total: Math.max(0, required.total - total),
    professional: Math.max(0, required.professional - professional),
    public: Math.max(0, required.public - pub),
  };
  return { total, professional, public: pub, required, missing, met: missing.total === 0 && missing.professional === 0 && missing.public === 0 };
}

export const creditsMessages = {
  companyNotApplicable: '继续教育学分仅对个人账号开放',
  ruleNotFound: '该年度的学分规则不存在',
  yearInvalid: '年度不正确',
  regionInvalid: '请选择正确的地区',
  requiredInvalid: `年度学分要求为1-${CREDIT_REQUIRED_MAX / CREDIT_SCALE}学分`,
  professionalInvalid: '专业科目要求不正确',
  shareInvalid: '专业科目占比不正确',
  publicInvalid: '公需科目要求不正确',
  minutesInvalid: `每学分学习时长为${CREDIT_MINUTES_MIN}-${CREDIT_MINUTES_MAX}分钟`,
  deadlineInvalid: '请填写正确的折算申报截止日期（不早于该年度的1月1日）',
  sourceRequired: '请填写规则依据（文件名称）',
  sourceTooLong: '规则依据最多200个字',
  conversionsInvalid: '折算项目不正确',
  categoryInvalid: '请选择科目类别',
  creditsInvalid: `课程学分为0.1-${CREDIT_GRANT_MAX / CREDIT_SCALE}学分`,
  courseNotFound: '课程不存在',
  ruleSaved: '学分规则已保存',
  courseSaved: '课程学分已保存',
  regionSaved: '适用地区已保存',
} as const;

/** Title of the message a learner gets when a finished course grants credits. */
export const CREDIT_GRANTED_TITLE = '继续教育学分已到账';

/**
 * Where a member's continuing education is registered: the 31 provinces, autonomous regions and municipalities. A
 * province's own rule applies when staff keep one for the year; otherwise the national rule.
 */
export const CREDIT_REGIONS = [
  '北京市', '天津市', '河北省', '山西省', '内蒙古自治区', '辽宁省', '吉林省', '黑龙江省', '上海市', '江苏省', '浙江省',
  '安徽省', '福建省', '江西省', '山东省', '河南省', '湖北省', '湖南省', '广东省', '广西壮族自治区', '海南省', '重庆市',
  '四川省', '贵州省', '云南省', '西藏自治区', '陕西省', '甘肃省', '青海省', '宁夏回族自治区', '新疆维吾尔自治区',
] as const;
export type CreditRegion = (typeof CREDIT_REGIONS)[number];
/** The learning bases' sub-domains and the province each serves, to preselect a member's region on a base's site. */
export const LEARNING_BASE_REGIONS: Record<string, CreditRegion> = {
  henan: '河南省',
  hebei: '河北省',
  jilin: '吉林省',
  guizhou: '贵州省',
  ningbo: '浙江省',
  guangxi: '广西壮族自治区',
};
