import type { FastifyReply } from 'fastify';

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback plus the exact name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends bytes as a download under their own name. */
export function sendAttachment(reply: FastifyReply, file: { contentType: string; nameFile: string; content: Buffer }): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', attachmentDisposition(file.nameFile))
    .header('content-length', file.content.length)
    .send(file.content);
}
