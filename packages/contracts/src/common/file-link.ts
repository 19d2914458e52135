/**
 * Sent by the web client with its file downloads (which carry the session token): on object storage the server then
 * answers with the file's link in an envelope (`data.url`, and this header on the answer) instead of a redirect, and
 * the client reads the link without its token, which must never reach the bucket.
 */
export const FILE_LINK_HEADER = 'x-file-link';
