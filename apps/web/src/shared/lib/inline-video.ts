/**
 * Inline playback in every phone browser (docs/decisions.md): spread on a `<video>` together with `playsInline` (iOS
 * Safari and WebViews). The attributes WeChat's browsers read: `webkit-playsinline` (older iOS WebViews),
 * `x5-playsinline` (inline on Android's X5 kernel), `x5-video-player-type="h5-page"` (X5's same-layer player: the video
 * stays in the page, under the page's own controls and beside the chat, instead of X5's full-screen player). Not
 * `x5-video-player-fullscreen`, which makes X5 open full screen on play.
 */
export const WECHAT_INLINE_VIDEO = {
  'webkit-playsinline': 'true',
  'x5-playsinline': 'true',
  'x5-video-player-type': 'h5-page',
} as const;
