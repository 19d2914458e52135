import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { MAX_JOB_TARGETS } from '@app/contracts/common/constants';
import {
  BIRTHDAY_CUTOFF_MS,
  CITY_PAIR_SEPARATOR,
  joinList,
  splitCitys,
  splitList,
} from '@app/contracts/talent/talent.rules';

export const BIRTHDAY_FORMAT = 'YYYY-MM-DD';

/** Option node of the select-options data: areas and positions nest under `sub_arr`. */
export interface OptionNode {
  id: number;
  name: string;
  sub_arr?: OptionNode[] | null;
}

/** What the antd form holds. Cascader values are paths of names; sex is 0/1; salary is the band index. */
export interface JobIntentionFormValues {
  id?: number;
  name?: string;
  sex?: number;
  biithday?: Dayjs | null;
  salary?: number;
  show_personal_info?: boolean;
  citys?: string[][];
  industries?: string[];
  positions?: string[][];
}

/** The fields of a stored job-intention record (UserApplyJob) the form needs; sex may be 0/1 or its label. */
export interface JobIntentionRecord {
  id: number;
  name: string;
  sex: number | string;
  biithday: string;
  salary: number;
  show_personal_info: boolean;
  citys: string;
  industries: string;
  positions: string;
}

export const SEX_LABELS = ['男', '女'] as const;

export function isBirthdayDisabled(date: Dayjs | null | undefined, now: number = Date.now()): boolean {
  return Boolean(date && date.valueOf() > now - BIRTHDAY_CUTOFF_MS);
}

/** Path of names from the root to the first node named `leaf` (depth-first), or [leaf] when not found. */
export function pathToLeaf(tree: OptionNode[], leaf: string): string[] {
  const walk = (nodes: OptionNode[], trail: string[]): string[] | null => {
    for (const n of nodes) {
      const here = [...trail, n.name];
      if (n.sub_arr && n.sub_arr.length > 0) {
        const found = walk(n.sub_arr, here);
        if (found) return found;
      } else if (n.name === leaf) {
        return here;
      }
    }
    return null;
  };
  return walk(tree, []) ?? [leaf];
}

/** Record -> form values. */
export function recordToForm(
  record: JobIntentionRecord,
  positionTree: OptionNode[] = [],
): JobIntentionFormValues {
  const sex =
    typeof record.sex === 'number'
      ? record.sex
      : SEX_LABELS.indexOf(record.sex as (typeof SEX_LABELS)[number]);
  const birthday = record.biithday ? dayjs(record.biithday, BIRTHDAY_FORMAT) : null;
  return {
    id: record.id,
    name: record.name,
    sex: sex >= 0 ? sex : undefined,
    biithday: birthday?.isValid() ? birthday : null,
    salary: record.salary,
    show_personal_info: Boolean(record.show_personal_info),
    citys: splitCitys(record.citys).map(([p, c]) => (c ? [p, c] : [p])),
    industries: splitList(record.industries),
    positions: splitList(record.positions).map((p) => pathToLeaf(positionTree, p)),
  };
}

/** True when any of regions, industries or positions holds more than three entries. */
export function exceedsTargetLimit(values: JobIntentionFormValues): boolean {
  return [values.citys, values.industries, values.positions].some(
    (list) => (list?.length ?? 0) > MAX_JOB_TARGETS,
  );
}

/**
 * Form values -> the form data of POST /api/user_apply_jobs and PUT /api/user_apply_jobs/{id}: keys
 * `user_apply_job[...]`, sex as its label, birthday yyyy-MM-dd, regions as 'province:city' pairs and positions as
 * leaf names, both comma-joined. `user_apply_job[id]` is present only when editing.
 */
export function encodeJobIntention(values: JobIntentionFormValues): URLSearchParams {
  const form = new URLSearchParams();
  const put = (key: string, value: string) => form.append(`user_apply_job[${key}]`, value);
  if (values.id) put('id', String(values.id));
  put('name', (values.name ?? '').trim());
  put('sex', values.sex === undefined ? '' : (SEX_LABELS[values.sex] ?? ''));
  put('biithday', values.biithday ? values.biithday.format(BIRTHDAY_FORMAT) : '');
  put('salary', values.salary === undefined ? '' : String(values.salary));
  put('show_personal_info', values.show_personal_info ? 'true' : 'false');
  put('citys', joinList((values.citys ?? []).map((path) => path.slice(0, 2).join(CITY_PAIR_SEPARATOR))));
  put('industries', joinList(values.industries ?? []));
  put('positions', joinList((values.positions ?? []).map((path) => path[path.length - 1] ?? '')));
  return form;
}

/** Option tree (sub_arr) -> antd Cascader options keyed by name (the API stores names). */
export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}
export function toCascaderOptions(nodes: OptionNode[] | null | undefined): CascaderOption[] {
  return (nodes ?? []).map((n) => ({
    value: n.name,
    label: n.name,
    ...(n.sub_arr && n.sub_arr.length > 0 ? { children: toCascaderOptions(n.sub_arr) } : {}),
  }));
}
