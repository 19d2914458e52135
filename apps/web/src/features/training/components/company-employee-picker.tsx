import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { MAX_PER_PAGE } from '@app/contracts/common/pagination';
import type { EmployeeFilter } from '@app/contracts/training/training.rules';
import { useEmployees } from '../api/company';

/** 张三（138****8000）: a name alone may be shared by two employees. */
const employeeLabel = (e: { name: string; phone: string }) => `${e.name || '未填写姓名'}（${e.phone}）`;

interface EmployeePickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Only these employees are offered (e.g. no_seat: those without a 学员卡). */
  filter?: EmployeeFilter;
  /** Accessible name of the field. */
  label: string;
  id?: string;
  disabled?: boolean;
}

/**
 * A multi-select of the company's employees (by employment id), searched on the server by name or phone: a company
 * of thousands never loads its whole list. The names of the chosen ones are kept while the search moves on.
 */
export function EmployeePicker({ value = [], onChange, filter, label, id, disabled }: EmployeePickerProps) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // The names of the chosen employees, as they were picked (the options move on with the search).
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    const t = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(t);
  }, [typed]);
  const list = useEmployees({ ...(keyword ? { keyword } : {}), ...(filter ? { filter } : {}), page: 1, per: MAX_PER_PAGE });
  const rows = list.data?.list ?? [];
  const more = (list.data?.total ?? 0) > rows.length;

  return (
    <Select<{ value: number; label: string }[]>
      id={id}
      aria-label={label}
      mode="multiple"
      labelInValue
      disabled={disabled}
      style={{ width: '100%' }}
      placeholder="输入姓名或手机号搜索"
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={list.isFetching}
      value={value.map((v) => ({ value: v, label: chosen.get(v) ?? String(v) }))}
      onChange={(next) => {
        setTyped('');
        setChosen(new Map(next.map((n) => [n.value, n.label])));
        onChange?.(next.map((n) => n.value));
      }}
      options={rows.map((e) => ({ value: e.id, label: employeeLabel(e) }))}
      notFoundContent={list.isFetching ? '加载中…' : keyword ? '没有符合条件的员工' : '没有可选的员工'}
      popupRender={(menu) => (
        <>
          {menu}
          {more && <div className="tr-muted" style={{ padding: '4px 12px', fontSize: 12 }}>仅显示前{MAX_PER_PAGE}人，请输入姓名或手机号查找其他员工</div>}
        </>
      )}
    />
  );
}
