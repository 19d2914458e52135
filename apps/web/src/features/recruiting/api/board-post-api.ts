import type { PostDetail } from '@app/contracts/recruiting/recruiting.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

/**
 * The job post page's call, by its literal path (recruitingRoutes.boardPost, checked by a test): the route descriptors
 * would bring zod and every recruiting schema into a page drawn for visitors from a shared link.
 */
export const BOARD_POST_PATH = '/api/job_board/:id';

export const fetchBoardPost = (id: number) => apiClient.get<PostDetail>(withId(BOARD_POST_PATH, id));
