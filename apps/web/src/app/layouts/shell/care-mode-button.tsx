import { useCareModeSwitch } from '@/features/auth/api/use-care-mode-switch';

/** Two letters, large and small: the usual sign of a text-size switch (decorative; the button has its name). */
function TextSizeMark() {
  return (
    <svg className="care-mode-button__mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M3 19 8.5 5h1L15 19h-2.2l-1.4-3.8H6.6L5.2 19Zm4.3-5.8h3.4L9 8.4Z" fill="currentColor" />
      <path d="M15.5 19 18.6 11h.8L22.5 19h-1.6l-.7-2h-2.6l-.7 2Zm2.6-3.4h1.6L19 13.3Z" fill="currentColor" />
    </svg>
  );
}

/**
 * The header's 关怀模式 switch (互联网应用适老化: a visible, labelled entry on every page): a toggle button, pressed while
 * care mode is on. Signed in, the choice is saved to the account too (useCareModeSwitch).
 */
export function CareModeButton() {
  const { enabled, setEnabled } = useCareModeSwitch();
  return (
    <button
      type="button"
      className={enabled ? 'care-mode-button is-on' : 'care-mode-button'}
      aria-pressed={enabled}
      title={enabled ? '关闭关怀模式，恢复标准字号' : '开启关怀模式：大字号、高对比度'}
      onClick={() => setEnabled(!enabled)}
    >
      <TextSizeMark />
      <span>关怀模式</span>
    </button>
  );
}
