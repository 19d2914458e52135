/**
 * Attributes that keep a video inside the page on phones: `playsInline` for Safari and Chrome, `webkit-playsinline`
 * for older iOS WebViews, and the X5 engine's own (WeChat's browser on Android), which otherwise hands the video to
 * its full-screen system player and hides the chat. Spread them on a `<video>` together with `playsInline`.
 */
export const WECHAT_INLINE_VIDEO = {
  'webkit-playsinline': 'true',
  'x5-playsinline': 'true',
  'x5-video-player-type': 'h5-page',
} as const;
