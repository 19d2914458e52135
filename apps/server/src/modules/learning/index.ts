// Public surface of the learning module (docs/architecture.md): the only file other modules import.
export { learningModule } from './learning.routes';
/** Learning's implementation of the course page's progress port (courses declares it; the app wires it). */
export { createCourseProgressSource } from './course-progress';
/** A learner's study figures by year (credit archive, star evaluation). */
export { learningRecord, type LearningRecord } from './learning-record';
/** Learning time earned outside lessons (live classes), written in the caller's transaction. */
export { learningTime, type LearningTime } from './learning-time';
/** Learning-time increments waiting in this process's buffer (the metrics' learning_buffer_keys). */
export { learningBufferSize } from './learning.module-services';
/** Platform-wide learning per day and month (the staff dashboard), from trigger-kept totals. */
export { learningFigures } from './learning-figures';
/** Learners who finished some courses, as a SQL fragment (user_id, course_id). */
export { courseFinishers } from './course-finishers';
