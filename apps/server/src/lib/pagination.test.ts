import { expect, it } from 'vitest';
import { pageQuerySchema } from '@app/contracts';
import { pageWindow, toPaged } from './pagination';

it('turns page/per into limit/offset and wraps a page of rows', () => {
  const q = pageQuerySchema.parse({ page: '3', per: '20' });
  expect(pageWindow(q)).toEqual({ limit: 20, offset: 40 });
  expect(pageWindow(pageQuerySchema.parse({}))).toEqual({ limit: 10, offset: 0 });
  expect(toPaged(['a'], 41, q)).toEqual({ list: ['a'], total: 41, page: 3, per: 20 });
});
