import { describe, expect, it } from 'vitest';
import { coursesRoutes } from '@app/contracts/courses/courses.routes';
import { learningRoutes } from '@app/contracts/learning/learning.routes';
import { notesRoutes } from '@app/contracts/learning/notes.routes';
import { LEARNING_PATHS } from './learning-paths';

describe('learning endpoint paths', () => {
  it('match the contract descriptors', () => {
    expect(LEARNING_PATHS).toEqual({
      homePageRank: learningRoutes.homePageRank.path,
      watchCreate: learningRoutes.watchCreate.path,
      lessonPresence: learningRoutes.lessonPresence.path,
      myCourses: learningRoutes.myCourses.path,
      showLesson: coursesRoutes.showLesson.path,
      showCourse: coursesRoutes.showCourse.path,
      answerQuestion: coursesRoutes.answerQuestion.path,
      notes: notesRoutes.list.path,
      noteLike: notesRoutes.like.path,
    });
    expect(notesRoutes.create.path).toBe(LEARNING_PATHS.notes);
    expect(notesRoutes.update.path).toBe(`${LEARNING_PATHS.notes}/:id`);
    expect(notesRoutes.remove.path).toBe(`${LEARNING_PATHS.notes}/:id`);
  });
});
