import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@app/contracts/common/envelope';
import { isApiError } from '@/shared/lib/api-client';
import { standardNoticeKeys } from './standard-notices-api';
import { standardsKeys } from './standards-api';

/** Runs a staff write: the server's message as a toast, field errors on the form, the list and notices refreshed. */
export function useStandardsWrite() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async <T,>(call: () => Promise<Envelope<T>>, form?: FormInstance) => {
    try {
      const res = await call();
      message.success(res.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: standardsKeys.all }),
        queryClient.invalidateQueries({ queryKey: standardNoticeKeys.all }),
      ]);
      return res.data;
    } catch (err) {
      const fields = isApiError(err) ? Object.entries(err.fieldErrors) : [];
      if (form && fields.length) form.setFields(fields.map(([name, e]) => ({ name, errors: [e] })));
      else message.error(isApiError(err) ? err.message : '操作失败，请稍后重试');
      return undefined;
    }
  };
}
