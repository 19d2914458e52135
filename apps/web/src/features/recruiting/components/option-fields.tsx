import { Cascader, Select } from 'antd';
import type { SelectOptions } from '@app/contracts';
import { useSelectOptions } from '../api/use-recruiting';

type CascaderOption = { value: string; label: string; children?: CascaderOption[] };

function areaTree(options: SelectOptions | undefined): CascaderOption[] {
  return (options?.areas ?? []).map((p) => ({
    value: p.name,
    label: p.name,
    children: p.sub_arr.map((c) => ({ value: c.name, label: c.name })),
  }));
}

/** One 'province:city' (or, with `provinceOk`, a whole province) as a string value. */
export function CityPicker({
  value,
  onChange,
  provinceOk = false,
  placeholder = '选择城市',
  id,
  style,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  provinceOk?: boolean;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
}) {
  const options = useSelectOptions();
  return (
    <Cascader
      id={id}
      style={style}
      aria-label={placeholder}
      options={areaTree(options.data)}
      placeholder={placeholder}
      changeOnSelect={provinceOk}
      showSearch
      value={value ? value.split(':') : undefined}
      onChange={(v) => onChange?.(v && v.length ? (v as string[]).join(':') : undefined)}
      allowClear
    />
  );
}

/** Up to three 'province:city' pairs joined by commas. */
export function CitiesPicker({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const options = useSelectOptions();
  const current = value
    ? value
        .split(',')
        .filter(Boolean)
        .map((p) => p.split(':'))
    : [];
  return (
    <Cascader
      id={id}
      aria-label="工作城市"
      multiple
      options={areaTree(options.data)}
      placeholder="选择工作城市（最多3个）"
      showSearch
      showCheckedStrategy={Cascader.SHOW_CHILD}
      value={current}
      onChange={(v) =>
        onChange?.(
          (v as string[][])
            .filter((p) => p.length === 2)
            .map((p) => p.join(':'))
            .join(','),
        )
      }
    />
  );
}

/** A leaf of the finance position tree, grouped by category. */
export function PositionSelect({
  value,
  onChange,
  id,
  placeholder = '选择职位类别',
  style,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
  placeholder?: string;
  style?: React.CSSProperties;
}) {
  const options = useSelectOptions();
  return (
    <Select
      id={id}
      style={style}
      aria-label={placeholder}
      showSearch
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      options={(options.data?.positions ?? []).map((g) => ({
        label: g.name,
        title: g.name,
        options: g.sub_arr.map((p) => ({ value: p.name, label: p.name })),
      }))}
    />
  );
}

export function IndustrySelect({
  value,
  onChange,
  id,
  style,
  placeholder = '选择行业',
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
  style?: React.CSSProperties;
  placeholder?: string;
}) {
  const options = useSelectOptions();
  return (
    <Select
      id={id}
      style={style}
      aria-label={placeholder}
      showSearch
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      options={(options.data?.industries ?? []).map((i) => ({ value: i.name, label: i.name }))}
    />
  );
}
