import type { TableColumnsType } from 'antd';

/**
 * Labels every cell of a table with its column's title (`data-label`), so a table styled as cards on a phone (the
 * recruiting screens' `rc-card-table`, the company training screens' `tr-card-table`) reads as one card per row
 * ("职位 财务经理" lines). Columns whose title is not plain text keep no label.
 */
export function cardColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column) => {
    const label = typeof column.title === 'string' ? column.title : undefined;
    if (!label) return column;
    const onCell = column.onCell;
    return {
      ...column,
      onCell: (record: T, index?: number) => ({ ...onCell?.(record, index), 'data-label': label }) as ReturnType<NonNullable<typeof onCell>>,
    };
  });
}
