/** The ten top links of the header, in SPEC §2 / GLOSSARY order. */
export interface NavLinkItem {
  label: string;
  to: string;
}

export const TOP_NAV_LINKS: readonly NavLinkItem[] = [
  { label: '首页', to: '/' },
  { label: '学员服务', to: '/studentServe' },
  { label: '考试认证', to: '/evaluate' },
  { label: '课程中心', to: '/train' },
  { label: '智库专家', to: '/expertDatabase' },
  { label: '在线问答', to: '/quiz' },
  { label: '招聘求职', to: '/jobDetail' },
  { label: '学习基地', to: '/learnBase' },
  { label: '智能工具', to: '/financeTool' },
  { label: '关于我们', to: '/aboutus' },
];

export const ASSOCIATION_LINK_LABEL = '协会官网';

export function courseSearchPath(text: string): string {
  return `/courseSearch?courseName=${encodeURIComponent(text.trim())}`;
}

/** /help-center link of one help problem (footer, home teaser). */
export function helpCenterPath(groupName: string, problemName?: string): string {
  const params = new URLSearchParams({ classifyName: groupName });
  if (problemName) params.set('name', problemName);
  return `/help-center?${params.toString()}`;
}
