// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  err,
  httpError,
  ok,
  type Call,
  type LawyerCaseFileDetail,
  type MandateApi,
  type UpdateCaseFileClientRequest,
  type UpdateCaseFileClientResult,
} from '@rechtschat/core';
import { of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { ClientCorrection } from './ClientCorrection.js';

afterEach(cleanup);

const detail = { CaseId: 'cf-9', FirstName: 'Erika', LastName: 'Muster', PhoneDisplay: '+49 151 23456789' };

function setup(answer: (request: UpdateCaseFileClientRequest) => Call<UpdateCaseFileClientResult>) {
  const requests: UpdateCaseFileClientRequest[] = [];
  const onChanged = vi.fn();
  const api: Pick<MandateApi, 'correctClient'> = {
    correctClient: (_id, request) => (requests.push(request), answer(request)),
  };
  render(
    <I18nextProvider i18n={createI18n()}>
      <ClientCorrection detail={detail} api={api} onChanged={onChanged} />
    </I18nextProvider>,
  );
  return { requests, onChanged };
}

const open = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Name oder Telefonnummer berichtigen' }));
  return screen.getByRole('dialog', { name: 'Name oder Telefonnummer berichtigen' });
};

describe('ClientCorrection', () => {
  it('should start from the stored name and number, save the correction, and show the new PIN to pass on', async () => {
    const { requests, onChanged } = setup(() => of(ok({ Detail: {} as LawyerCaseFileDetail, Pin: '5432' })));
    const dialog = open();
    expect(within(dialog).getByText(/gilt die alte PIN nicht mehr/)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Nachname' }) as HTMLInputElement).value).toBe('Muster');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nachname' }), { target: { value: 'Mustermann' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Telefonnummer' }), { target: { value: '0160 98765432' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toEqual([{ FirstName: 'Erika', LastName: 'Mustermann', Phone: '0160 98765432' }]);
    expect(onChanged).toHaveBeenCalledWith('cf-9');
    expect(screen.getByRole('status').textContent).toContain('Die neue PIN der Fallakte lautet 5432.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Name oder Telefonnummer berichtigen' }));
  });

  it('should say that the PIN stays when only the name changed', async () => {
    setup(() => of(ok({ Detail: {} as LawyerCaseFileDetail, Pin: null })));
    fireEvent.click(within(open()).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Name und Telefonnummer sind gespeichert. Die PIN bleibt unverändert.'));
  });

  it("should keep the dialog open with the server's reasons named by every field, and change nothing", async () => {
    const { onChanged } = setup(() => of(err(httpError(400, 'BadRequest', 'Bitte geben Sie Vor- und Nachnamen an.'))));
    const dialog = open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Vorname' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const alert = await within(dialog).findByText('Bitte geben Sie Vor- und Nachnamen an.');
    const field = within(dialog).getByRole('textbox', { name: 'Vorname' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(alert.closest('[id]')!.id);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
