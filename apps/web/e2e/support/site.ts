import { expect, type Page } from '@playwright/test';

/** Default site name (GLOSSARY-zh.md): every page title starts with `${SITE_NAME} - `. */
export const SITE_NAME = '财务管理协会人才培训平台';

/** The ten top links of the header in SPEC §2 order, with their targets. */
export const TOP_LINKS = [
  ['首页', '/'],
  ['学员服务', '/studentServe'],
  ['考试认证', '/evaluate'],
  ['课程中心', '/train'],
  ['智库专家', '/expertDatabase'],
  ['在线问答', '/quiz'],
  ['招聘求职', '/jobDetail'],
  ['学习基地', '/learnBase'],
  ['智能工具', '/financeTool'],
  ['关于我们', '/aboutus'],
] as const;

export const HELP_COLUMNS = ['用户指南', '学员指南', '测评指南'] as const;

/** Waits until the page has rendered its shell (header visible) after a navigation. */
export async function shellReady(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
}
