/** Fixed dictionaries of SPEC §3 with the Chinese labels of GLOSSARY-zh.md. Values are what the API stores. */

export interface DictItem<V extends string | number = number> {
  value: V;
  label: string;
}

export const STAR_LEVELS: DictItem[] = [
  { value: 1, label: '一星' },
  { value: 2, label: '二星' },
  { value: 3, label: '三星' },
  { value: 4, label: '四星' },
  { value: 5, label: '五星' },
];

/** Gender: 0 male, 1 female; the job-intention form sends the label. */
export const GENDERS: DictItem[] = [
  { value: 0, label: '男' },
  { value: 1, label: '女' },
];

export const JOB_PROFIT_TYPES: DictItem[] = [
  { value: 1, label: '单项奖' },
  { value: 2, label: '综合奖' },
  { value: 3, label: '创新奖' },
];

export const POLITICAL_STATUSES: DictItem[] = [
  { value: 1, label: '群众' },
  { value: 2, label: '中共党员' },
  { value: 3, label: '共青团员' },
  { value: 4, label: '民主党派' },
];

export const UNIT_SIZES: DictItem[] = [
  { value: 1, label: '无财务人员' },
  { value: 2, label: '10人以下' },
  { value: 3, label: '11-50人' },
  { value: 4, label: '50-100人' },
  { value: 5, label: '101人以上' },
];

export const POSITION_LEVELS: DictItem[] = [
  { value: 1, label: '基层' },
  { value: 2, label: '中层' },
  { value: 3, label: '高层' },
  { value: 4, label: '决策层' },
];

/** Seven salary bands; the job intention stores the index (0-6). */
export const SALARY_BANDS: string[] = [
  '2999元以下',
  '2999-4999元',
  '5000-8999元',
  '9000-15999元',
  '16000-20999元',
  '21000-39999元',
  '40000元以上',
];

/** Help-problem guide types (`ttype`), in footer column order. */
export const HELP_TYPES: DictItem[] = [
  { value: 1, label: '用户指南' },
  { value: 2, label: '学员指南' },
  { value: 3, label: '测评指南' },
];

/** Regional learning bases: sub-domain prefix to region name (SPEC §1, DECISIONS.md). */
export const LEARNING_BASES: Record<string, string> = {
  henan: '河南',
  hebei: '河北',
  jilin: '吉林',
  guizhou: '贵州',
  ningbo: '宁波',
  guangxi: '广西',
};

export function dictLabel<V extends string | number>(dict: DictItem<V>[], value: V): string | undefined {
  return dict.find((d) => d.value === value)?.label;
}
