/** Business constants of SPEC §9 and DECISIONS.md, named once. */
export const HTTP_TIMEOUT_MS = 20_000;
export const HTTP_RETRIES = 3;
export const HTTP_RETRY_DELAY_MS = 1_000;
export const LAZY_SCREEN_TIMEOUT_MS = 120_000;
export const ELSEWHERE_NOTICE_THROTTLE_MS = 3_000;
export const ERROR_NOTICE_TOP_PX = 120;
export const HOT_COURSES_PER_PAGE = 4;
export const FOOTER_HELP_ITEMS = 3;
/** Points shown on the centre banner for members (DECISIONS.md 7). */
export const MEMBER_POINTS = 298;
export const MAX_JOB_TARGETS = 3;
export const JOB_DIALOG_WIDTH_PX = 650;
export const BENEFITS_MODAL_DESIGN_WIDTH_PX = 1920;
export const NAV_SPACER_PX = 36;
export const BACK_TO_TOP_BOTTOM_PX = 100;
export const BACK_TO_TOP_RIGHT_PX = 80;
export const SCROLL_STEP_PX = 15;
export const SCROLL_STEP_MS = 5;
/** Local storage key of the token (SPEC §4). */
export const TOKEN_STORAGE_KEY = 'verify';
export const AGENT_ID_STORAGE_KEY = 'agent_id';
export const DEFAULT_SITE_NAME = '财务管理协会人才培训平台';
