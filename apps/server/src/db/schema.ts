// Every area's tables, collected for drizzle (queries, relations) and drizzle-kit (migrations).
// Add one line per area: export * from '../modules/<area>/<area>.table';
export * from '../modules/system/system.table';
export * from '../modules/content/content.table';
export * from '../modules/users/users.table';
export * from '../modules/auth/auth.table';
export * from '../modules/messages/messages.table';
export * from '../modules/courses/courses.table';
export * from '../modules/learning/learning.table';
export * from '../modules/comments/comments.table';
export * from '../modules/members/members.table';
export * from '../modules/talent/talent.table';
export * from '../modules/tools/tools.table';
export * from '../modules/qa/qa.table';
export * from '../modules/exams/exams.table';
export * from '../modules/recruiting/recruiting.table';
export * from '../modules/magazine/magazine.table';
export * from '../modules/live/live.table';
export * from '../modules/audit/audit.table';
