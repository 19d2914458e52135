import { describe, expect, it } from 'vitest';
import { cardColumns } from './card-columns';

type Row = { id: number; title: string };

describe('cardColumns', () => {
  it("labels every cell with its column's title so a phone can show it as a card line", () => {
    const [post] = cardColumns<Row>([{ title: '职位', dataIndex: 'title' }]);
    expect(post!.onCell!({ id: 1, title: '总账会计' }, 0)).toEqual({ 'data-label': '职位' });
  });

  it("keeps a column's own cell props and leaves a column without a text title unlabelled", () => {
    const own = { title: '操作', key: 'ops', onCell: () => ({ className: 'ops' }) };
    const blank = { key: 'pick' };
    const [ops, pick] = cardColumns<Row>([own, blank]);
    expect(ops!.onCell!({ id: 1, title: 'x' }, 0)).toEqual({ className: 'ops', 'data-label': '操作' });
    expect(pick).toBe(blank);
  });
});
