import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainTabs } from './plain-tabs';

const ITEMS = [
  { key: 'a', label: '协会动态' },
  { key: 'b', label: '政策法规' },
  { key: 'c', label: '行业资讯' },
];

function Harness({ withPanel }: { withPanel: boolean }) {
  const [active, setActive] = useState('a');
  return (
    <>
      <PlainTabs
        items={ITEMS}
        active={active}
        onChange={setActive}
        label="栏目"
        idPrefix="t"
        panelId={withPanel ? (key) => (key === active ? 'panel' : undefined) : undefined}
      />
      <div id="panel" role="tabpanel" aria-labelledby={`t-tab-${active}`}>
        {active}
      </div>
    </>
  );
}

describe('plain tabs', () => {
  it('selects a tab by click, and by arrow keys, Home and End with the focus following', () => {
    render(<Harness withPanel />);
    expect(screen.getByRole('tab', { name: '协会动态' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: '行业资讯' }));
    expect(screen.getByRole('tabpanel', { name: '行业资讯' })).toHaveTextContent('c');

    fireEvent.keyDown(screen.getByRole('tab', { name: '行业资讯' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '协会动态' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '协会动态' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: '协会动态' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: '行业资讯' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: '行业资讯' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: '政策法规' })).toHaveAttribute('aria-selected', 'true');
    // Only the chosen tab is in the page's tab order.
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('points a tab at its panel only where that panel is in the page', () => {
    const { unmount } = render(<Harness withPanel />);
    expect(screen.getByRole('tab', { name: '协会动态' })).toHaveAttribute('aria-controls', 'panel');
    expect(screen.getByRole('tab', { name: '政策法规' })).not.toHaveAttribute('aria-controls');
    unmount();
    render(<Harness withPanel={false} />);
    expect(screen.getByRole('tab', { name: '协会动态' })).not.toHaveAttribute('aria-controls');
  });
});
