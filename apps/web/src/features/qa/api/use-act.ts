import { App } from 'antd';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/lib/api-client';
import { qaKeys } from './qa-api';

/**
 * A staff or expert action: runs the call, shows its message (or the error), and refreshes the Q&A queries under
 * `queryKey` (all of them unless narrower) on success. Resolves to whether the call succeeded.
 */
export function useAct(queryKey: QueryKey = qaKeys.all) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey });
      return true;
    } catch (err) {
      message.error(isApiError(err) ? err.message : '操作失败');
      return false;
    }
  };
}
