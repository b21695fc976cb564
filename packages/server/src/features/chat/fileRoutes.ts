// Chat uploads and downloads.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { MessageType } from '@rechtschat/core';
import type { AppContext } from '../../context.js';
import { chatOfCaller } from './chatAccess.js';
import { badRequest, DomainError } from '../../platform/errors.js';
import { checkUploadAllowed, fileForCaller, revokeFileForwarding, storeUpload } from './files.js';
import { lawyerById } from '../lawyer/index.js';
import { distributeMessage } from './broadcast.js';
import { chatParticipant } from '../../platform/http/auth.js';
import { idParam } from '../../platform/http/body.js';
import { callerOf } from './chatHostRoutes.js';
import { dispositionHeader } from '../../platform/files/download.js';
import { readUploadedFile, type UploadedFile } from '../../platform/http/upload.js';

export async function fileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = {
    db: ctx.db,
    clock: ctx.clock,
    uploadDir: ctx.uploadDir,
    malwareScanner: ctx.malwareScanner,
    maxFilesPerCase: ctx.config.maxChatFilesPerCase,
  };

  // Per address, like the other flood limits: a script cannot fill the disk ten megabytes at a time.
  app.post('/api/chat/file/:chatId', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const caller = await callerOf(ctx, request);
    const target = await chatOfCaller(ctx.db, caller, idParam(request.params, 'chatId'));
    if (!request.isMultipart()) throw new DomainError('UnsupportedMediaType', 'Bitte laden Sie die Datei als multipart/form-data hoch.');
    // Before the body is read: no ten megabytes are taken in for a chat that takes no file.
    await checkUploadAllowed(deps, target);
    // Reading stops at MAX_UPLOAD_BYTES and throws a 413 before the whole stream is read.
    let part: UploadedFile | undefined;
    try {
      part = await readUploadedFile(request, ctx.config.maxUploadBytes);
    } catch (error) {
      if ((error as { statusCode?: unknown }).statusCode === 413) ctx.metrics.uploads.inc({ result: 'too-large' });
      throw error;
    }
    if (!part) throw badRequest('Es wurde keine Datei gesendet.');
    if (part.bytes.length === 0) throw badRequest('Die Datei ist leer.');
    let row;
    try {
      row = await storeUpload(deps, target, caller, part.fileName, part.bytes);
    } catch (error) {
      ctx.metrics.uploads.inc({ result: 'rejected' });
      request.log.warn({ event: 'upload-rejected' }, 'upload rejected');
      throw error;
    }
    ctx.metrics.uploads.inc({ result: 'stored' });
    const lawyerName = caller.kind === 'lawyer' ? ((await lawyerById(ctx.db, caller.id))?.name ?? null) : null;
    const author = { kind: caller.kind, id: caller.id, name: lawyerName };
    const [message] = await ctx.messages.append({
      caseId: target.case.id,
      chatId: target.chat.id,
      clientId: null,
      type: MessageType.File,
      text: row.file_name,
      author,
      fileId: row.id,
    });
    await distributeMessage(ctx, { ...message, file_name: row.file_name });
    return { Id: row.id, ChatId: row.chat_id, FileName: row.file_name, ContentType: row.content_type, Size: row.size };
  });

  app.get('/api/chat/file/:id', async (request, reply) => {
    const caller = await callerOf(ctx, request);
    const { row, absolutePath } = await fileForCaller(deps, caller, idParam(request.params, 'id'));
    return reply
      .type(row.content_type)
      .header('content-disposition', dispositionHeader(row.file_name))
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .header('content-length', String(row.size))
      .send(fs.createReadStream(absolutePath));
  });

  app.put('/api/chat/file/revoke-file-forwarding/:chatId', async (request, reply) => {
    const participantId = await chatParticipant(ctx, request);
    await revokeFileForwarding(deps, participantId, idParam(request.params, 'chatId'));
    return reply.code(204).send();
  });
}
