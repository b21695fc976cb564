// The text of a refused administration call: the server's German message for a refused change (400/404/409 in the
// { Error, Message } shape), "Keine Berechtigung" for 403. A 401 never reaches a screen: the use case ends the session.
import type { TFunction } from 'i18next';
import type { AppError } from '@rechtschat/core';

export function adminErrorText(t: TFunction, error: AppError): string {
  if (error._tag === 'NetworkError' || error._tag === 'Timeout') return t('Error.Network');
  if (error._tag !== 'HttpError') return t('Error.Generic');
  if (error.status === 403) return t('Admin.Forbidden');
  if ([400, 404, 409].includes(error.status) && error.message) return error.message;
  return t('Error.Generic');
}
