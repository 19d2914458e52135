// The articles service, composed of its use cases (as the courses, exams, recruiting and Q&A modules split
// theirs): the public pages, the staff editor, experts, the site's edited pages, cooperation leads. The names
// other files import from here stay importable here.
import { createArticlesEditorService } from './articles-editor.service';
import { createArticlesExpertsService } from './articles-experts.service';
import { createArticlesLeadsService } from './articles-leads.service';
import { createArticlesPagesService } from './articles-pages.service';
import { createArticlesPublicService } from './articles-public.service';
import { createArticlesShared, type ArticlesServiceDeps } from './articles-shared';

export {
  regionCode,
  toCard,
  type ArticlesServiceDeps,
  type ExpertAnswersSource,
} from './articles-shared';

export function createArticlesService(deps: ArticlesServiceDeps) {
  const shared = createArticlesShared(deps);
  return {
    ...createArticlesPublicService(deps),
    ...createArticlesEditorService(deps, shared),
    ...createArticlesExpertsService(deps),
    ...createArticlesPagesService(deps),
    ...createArticlesLeadsService(deps, shared),
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
