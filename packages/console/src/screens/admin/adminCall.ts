// Runs a port call of the administration once and turns a refusal into the text to show: the server's German
// message for a refused change (400/404/409 in the { Error, Message } shape), "Keine Berechtigung" for 403, the
// login for 401 (the session ended).
import { firstValueFrom } from 'rxjs';
import type { TFunction } from 'i18next';
import type { AppError, Call } from '@rechtschat/core';

export type Outcome<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly message: string | null };

export function errorText(t: TFunction, error: AppError, onSessionExpired: () => void): string | null {
  if (error._tag === 'NetworkError' || error._tag === 'Timeout') return t('Error.Network');
  if (error._tag !== 'HttpError') return t('Error.Generic');
  if (error.status === 401) {
    onSessionExpired();
    return null;
  }
  if (error.status === 403) return t('Admin.Forbidden');
  if ([400, 404, 409].includes(error.status) && error.message) return error.message;
  return t('Error.Generic');
}

export async function runCall<A>(call: Call<A>, t: TFunction, onSessionExpired: () => void): Promise<Outcome<A>> {
  const result = await firstValueFrom(call);
  if (result._tag === 'Right') return { ok: true, value: result.right };
  return { ok: false, message: errorText(t, result.left, onSessionExpired) };
}
