// Feature entry point: the case files – the client's case-file API under /api/case-file on the web origin (its own
// cookie, error texts and input refusal, routes.ts) and the lawyer's case-file routes on the chat host. Other
// features and the composition root import this file only.
import type { FeaturePlugin } from '../../context.js';
import { effectiveFirmDetails } from '../firmDetails/index.js';
import { caseFileSecurityLog } from './securityLog.js';

export { caseFilesOfChatCaseHeld, caseFilesOfChatCases, lawyerHadChatOfCase, showLawyerInTheirCaseFiles } from './lawyerCaseFileQueries.js';
export { caseFilePrefix, caseFileTokenPaths } from './redact.js';
export { caseFileLinkUrl, createCaseFile, InvalidCaseFileInput } from './service.js';
export { OPEN_MANDATE_RETENTION_UNTIL, type CaseFileTable } from './tables.js';

export const caseFileFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  // Routes load with the plugin, not with this module: a CLI using the exports above loads no HTTP code.
  if (origin === 'chatHost') {
    const { lawyerCaseFileRoutes } = await import('./lawyerCaseFileRoutes.js');
    await lawyerCaseFileRoutes(app, ctx);
    return;
  }
  const { caseFileRoutes } = await import('./routes.js');
  await app.register(caseFileRoutes, {
    db: ctx.db,
    sessions: ctx.sessions,
    mailer: ctx.mailer,
    dataDir: ctx.config.dataDir,
    cookieSecure: ctx.config.webOrigins.every((o) => o.startsWith('https:')),
    now: () => ctx.clock.now(),
    maxUploadBytes: ctx.config.maxUploadBytes,
    logger: caseFileSecurityLog(ctx.logger, ctx.metrics),
    malwareScanner: ctx.malwareScanner,
    onPdfDrawn: (document) => ctx.metrics.pdfDownloadsDrawn.inc({ document }),
    firmDetails: () => effectiveFirmDetails(ctx),
    // ctx.hub is read per call: it is set only after the routes are built.
    announceChange: async (lawyerId, caseFileId) => ctx.hub?.sendToPrincipal({ kind: 'lawyer', id: lawyerId }, 'CaseFileChanged', [caseFileId]),
  });
};
