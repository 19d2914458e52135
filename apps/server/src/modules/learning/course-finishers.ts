import { sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../db/pg-array';
import { learningCourseProgress } from './learning.table';

/**
 * Learners who finished any of the courses, as a SQL fragment of rows (user_id, course_id) for another area's
 * statement: the standards area counts and walks them together with certificate holders in one statement, each person
 * once. A learner who finished several of the courses gives several rows.
 */
export function courseFinishers(courseIds: readonly number[]): SQL {
  return sql`SELECT p.user_id, p.course_id FROM ${learningCourseProgress} p
              WHERE p.course_id = ANY(${pgArray(courseIds)}::int[]) AND p.finished_at IS NOT NULL`;
}
