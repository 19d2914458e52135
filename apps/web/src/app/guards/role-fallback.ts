/**
 * Where a user lands when the current centre route excludes their role. /center/student allows both roles
 * (SPEC §2), so this can never bounce in a loop, and it is also where /center itself leads.
 */
export const ROLE_FALLBACK_PATH = '/center/student';
