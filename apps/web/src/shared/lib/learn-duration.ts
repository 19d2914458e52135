// The one learning-duration format (8分30秒, 1.2小时; docs/decisions.md) lives in contracts so the server's messages
// (the weekly learning digest) say a duration the same way; the screens keep importing it from here.
export { formatLearnDuration } from '@app/contracts/common/format';
