import type { Credential, CustomerEdu, CustomerJob, JobProfit, Paper, PersonalInfo } from '@app/contracts';
import {
  JOB_PROFIT_TYPES,
  POSITION_LEVELS,
  dictLabel,
  type DictItem,
} from '@app/contracts/common/dictionaries';
import {
  DUTIES_MAX,
  EDU_DEGREES,
  LINK_MAX,
  LONG_NAME_MAX,
  SHORT_TEXT_MAX,
  talentMessages as m,
} from '@app/contracts/talent/talent.rules';
import type { RecordKind } from '../api/talent-api';

export type FieldKind = 'text' | 'textarea' | 'date' | 'select' | 'attachment' | 'link';

export interface RecordField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Chinese "required" message; absent = optional. */
  required?: string;
  max?: number;
  options?: DictItem[];
  placeholder?: string;
  /** For an end date: the start field it must not precede. */
  after?: string;
}

/** One line of a record as listed. */
export interface RecordView {
  title: string;
  sub: string;
  when: string;
}

export interface RecordKindConfig<R extends { id: number } = { id: number }> {
  kind: RecordKind;
  /** Section title (card heading). */
  title: string;
  /** Singular noun for buttons and dialogs (添加学历 ...). */
  noun: string;
  fields: RecordField[];
  view(record: R): RecordView;
  list(info: PersonalInfo): R[];
}

const period = (start: string, end: string | null, open: string) => `${start} 至 ${end ?? open}`;
/** The present parts of a record's second line, joined with a middle dot. */
const subLine = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

const edus: RecordKindConfig<CustomerEdu> = {
  kind: 'customer_edus',
  title: '教育经历',
  noun: '教育经历',
  fields: [
    { name: 'school', label: '学校', kind: 'text', required: m.schoolRequired, max: LONG_NAME_MAX },
    { name: 'major', label: '专业', kind: 'text', required: m.majorRequired, max: SHORT_TEXT_MAX },
    { name: 'degree', label: '学历', kind: 'select', required: m.degreeRequired, options: EDU_DEGREES },
    { name: 'start_date', label: '入学日期', kind: 'date', required: m.startRequired },
    { name: 'end_date', label: '毕业日期', kind: 'date', placeholder: '在读可不填', after: 'start_date' },
  ],
  view: (r) => ({
    title: r.school,
    sub: subLine(r.major, dictLabel(EDU_DEGREES, r.degree)),
    when: period(r.start_date, r.end_date, '在读'),
  }),
  list: (info) => info.customer_edus,
};

const jobs: RecordKindConfig<CustomerJob> = {
  kind: 'customer_jobs',
  title: '工作经历',
  noun: '工作经历',
  fields: [
    { name: 'company', label: '单位名称', kind: 'text', required: m.companyRequired, max: LONG_NAME_MAX },
    { name: 'position', label: '职务', kind: 'text', required: m.jobPositionRequired, max: SHORT_TEXT_MAX },
    {
      name: 'position_level',
      label: '职位层级',
      kind: 'select',
      required: m.positionLevelRequired,
      options: POSITION_LEVELS,
    },
    { name: 'start_date', label: '入职日期', kind: 'date', required: m.startRequired },
    { name: 'end_date', label: '离职日期', kind: 'date', placeholder: '至今可不填', after: 'start_date' },
    { name: 'duties', label: '工作职责', kind: 'textarea', max: DUTIES_MAX },
  ],
  view: (r) => ({
    title: r.company,
    sub: subLine(r.position, dictLabel(POSITION_LEVELS, r.position_level)),
    when: period(r.start_date, r.end_date, '至今'),
  }),
  list: (info) => info.customer_jobs,
};

const credentials: RecordKindConfig<Credential> = {
  kind: 'credentials',
  title: '资格证书',
  noun: '证书',
  fields: [
    { name: 'name', label: '证书名称', kind: 'text', required: m.credentialNameRequired, max: LONG_NAME_MAX },
    { name: 'number', label: '证书编号', kind: 'text', max: SHORT_TEXT_MAX },
    { name: 'issuer', label: '发证机构', kind: 'text', required: m.issuerRequired, max: LONG_NAME_MAX },
    { name: 'issued_on', label: '发证日期', kind: 'date', required: m.dateRequired },
    { name: 'attachment_id', label: '证书扫描件', kind: 'attachment' },
  ],
  view: (r) => ({
    title: r.name,
    sub: subLine(r.issuer, r.number ? `编号 ${r.number}` : ''),
    when: r.issued_on,
  }),
  list: (info) => info.credentials,
};

const profits: RecordKindConfig<JobProfit> = {
  kind: 'job_profits',
  title: '获奖情况',
  noun: '获奖情况',
  fields: [
    { name: 'title', label: '奖项名称', kind: 'text', required: m.titleRequired, max: LONG_NAME_MAX },
    {
      name: 'profit_type',
      label: '奖励类型',
      kind: 'select',
      required: m.profitTypeRequired,
      options: JOB_PROFIT_TYPES,
    },
    { name: 'awarded_on', label: '获奖日期', kind: 'date', required: m.dateRequired },
    { name: 'issuer', label: '颁发单位', kind: 'text', required: m.awardIssuerRequired, max: LONG_NAME_MAX },
  ],
  view: (r) => ({
    title: r.title,
    sub: subLine(dictLabel(JOB_PROFIT_TYPES, r.profit_type), r.issuer),
    when: r.awarded_on,
  }),
  list: (info) => info.job_profits,
};

const papers: RecordKindConfig<Paper> = {
  kind: 'papers',
  title: '论文成果',
  noun: '论文成果',
  fields: [
    { name: 'title', label: '论文题目', kind: 'text', required: m.paperTitleRequired, max: LONG_NAME_MAX },
    {
      name: 'publication',
      label: '发表刊物',
      kind: 'text',
      required: m.publicationRequired,
      max: LONG_NAME_MAX,
    },
    { name: 'published_on', label: '发表日期', kind: 'date', required: m.dateRequired },
    { name: 'link', label: '论文链接', kind: 'link', max: LINK_MAX, placeholder: 'https://' },
  ],
  view: (r) => ({ title: r.title, sub: r.publication, when: r.published_on }),
  list: (info) => info.papers,
};

/** The five record lists of the portrait, in page order. */
export const RECORD_KINDS = [edus, jobs, credentials, profits, papers] as unknown as RecordKindConfig[];

export const DATE_FORMAT = 'YYYY-MM-DD';
