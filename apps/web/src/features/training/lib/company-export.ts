import type { EmployeeFilter } from '@app/contracts/training/training.rules';
import { trainingRoutes as r } from '@app/contracts/training/training.routes';

/** The employee list's search and filter, as the screen holds them (the export takes the same, without paging). */
export interface EmployeeFilters {
  keyword?: string;
  filter?: EmployeeFilter;
}

/** The list's query without empty parts: a blank keyword is no keyword. */
export function employeeFilterQuery({ keyword, filter }: EmployeeFilters): EmployeeFilters {
  const k = keyword?.trim();
  return { ...(k ? { keyword: k } : {}), ...(filter ? { filter } : {}) };
}

/** GET employees.xlsx with the filters the table shows, so the file holds the rows the company is looking at. */
export function employeesExportUrl(filters: EmployeeFilters): string {
  const query = new URLSearchParams(Object.entries(employeeFilterQuery(filters)) as [string, string][]).toString();
  return query ? `${r.exportEmployees.path}?${query}` : r.exportEmployees.path;
}

export function summaryPdfUrl(year: number): string {
  return `${r.summaryPdf.path}?year=${year}`;
}

/** 华财科技有限公司_员工培训情况_2026-11-28.xlsx: the company, what, and the day it was taken. */
export function employeesFileName(company: string, day: string): string {
  return `${fileSafe(company) || '企业'}_员工培训情况_${day}.xlsx`;
}

export function summaryFileName(company: string, year: number): string {
  return `${fileSafe(company) || '企业'}_${year}年度培训汇总.pdf`;
}

/** Characters no file system takes in a name. */
function fileSafe(name: string): string {
  return name.replace(/[\\/:*?"<>|]/g, '').trim();
}
