import type { TablePaginationConfig } from 'antd';

/** A table's pagination for one page of a paged list: none while the whole list fits on one page. */
export function tablePagination(
  data: { page: number; per: number; total: number } | undefined,
  onChange: (page: number) => void,
): TablePaginationConfig | false {
  if (!data || data.total <= data.per) return false;
  return { current: data.page, pageSize: data.per, total: data.total, showSizeChanger: false, onChange };
}
