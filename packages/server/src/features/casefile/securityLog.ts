// The case-file plugin reports security events through a small log interface; this one
// forwards them to pino and counts logins and lockouts for Prometheus.
import type { Logger } from 'pino';
import type { SecurityLog } from './login.js';
import type { AppMetrics } from '../../platform/metrics.js';

function count(metrics: AppMetrics, fields: object): void {
  switch ((fields as { event?: unknown }).event) {
    case 'casefile.login.succeeded':
      metrics.logins.inc({ kind: 'casefile', result: 'success' });
      break;
    case 'casefile.login.failed':
      metrics.logins.inc({ kind: 'casefile', result: 'failure' });
      break;
    case 'casefile.login.locked':
    case 'casefile.login.lockout':
      metrics.lockouts.inc({ kind: 'casefile-pin' });
      break;
    case 'casefile.login.address_limited':
      metrics.lockouts.inc({ kind: 'casefile-address' });
      break;
    default:
      break;
  }
}

export function caseFileSecurityLog(logger: Logger, metrics: AppMetrics): SecurityLog {
  return {
    info(fields, message) {
      count(metrics, fields);
      logger.info(fields, message);
    },
    warn(fields, message) {
      count(metrics, fields);
      logger.warn(fields, message);
    },
  };
}
