/** Whether lesson captions show, remembered per browser (on unless the learner turned them off). */
const KEY = 'lesson-captions';

export function captionsWanted(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function rememberCaptions(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
}
