import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PlainSelect } from './plain-select';

describe('plain select', () => {
  it('offers "all" first, reports the chosen value, and "" for all', () => {
    const onChange = vi.fn();
    render(
      <PlainSelect
        label="行业"
        value=""
        options={['制造业', '批发零售']}
        allLabel="全部行业"
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: '行业' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '全部行业',
      '制造业',
      '批发零售',
    ]);
    fireEvent.change(select, { target: { value: '批发零售' } });
    expect(onChange).toHaveBeenLastCalledWith('批发零售');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows "all" for a value that is not one of its options (a hand-edited address)', () => {
    render(
      <PlainSelect
        label="专题"
        value="不存在"
        options={['税务筹划']}
        allLabel="全部专题"
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('combobox', { name: '专题' })).toHaveDisplayValue('全部专题');
  });
});
