import { chinaDate } from '@/shared/lib/china-time';
import { regionCodeFromHostname } from '@/shared/lib/region';

/** Sub-domain code of a regional site (henan.example.org -> henan), or undefined on the main site. */
export const regionCodeOf = (hostname: string): string | undefined => regionCodeFromHostname(hostname) ?? undefined;

/** 2025-03-08 in China time, from an ISO instant ('' without one). */
export const dateOf = (iso: string | null) => chinaDate(iso);

export const newsPath = (id: number) => `/newsInformation/details?id=${id}`;
export const casePath = (id: number) => `/caseDatabase/article/${id}`;
export const articlePath = (a: { id: number; kind: 'news' | 'case' }) => (a.kind === 'case' ? casePath(a.id) : newsPath(a.id));
export const expertPath = (id: number) => `/expertDatabase/${id}`;
