import type { FastifyReply } from 'fastify';

/**
 * Answers a file made for its viewer alone (a certificate's PDF, a signed credential) as a download: the type the
 * server decided, `nosniff`, never cached, saved under `fileName` (ASCII: the browser's name, the page names the file
 * in Chinese when it saves it).
 */
export function sendDownload(reply: FastifyReply, o: { mime: string; fileName: string; body: Buffer | string }): FastifyReply {
  return reply
    .header('content-type', o.mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${o.fileName}"`)
    .send(o.body);
}
