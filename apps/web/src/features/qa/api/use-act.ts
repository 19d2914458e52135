import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/lib/api-client';
import { qaKeys } from './qa-api';

/** A staff action: runs the call, shows its message (or the error), and refreshes every Q&A query on success. */
export function useAct() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: qaKeys.all });
      return true;
    } catch (err) {
      message.error(isApiError(err) ? err.message : '操作失败');
      return false;
    }
  };
}
