// @vitest-environment jsdom
// The question before a form dialog throws away what was typed: asked only when something changed, on Escape and on a
// click beside the dialog; the focus goes into the question and back to the field on „Weiter bearbeiten“.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.js';
import { useDiscardQuestion } from './useDiscardQuestion.js';

afterEach(cleanup);

function NoteDialog({ onClose }: { readonly onClose: () => void }) {
  const [note, setNote] = useState('');
  const { requestClose, question } = useDiscardQuestion(note !== '', onClose);
  return (
    <>
      <Dialog open onClose={requestClose} aria-labelledby="note-heading">
        <h2 id="note-heading">Notiz</h2>
        <TextField label="Notiz" value={note} onChange={(e) => setNote(e.target.value)} autoFocus />
      </Dialog>
      {question}
    </>
  );
}

function show() {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <NoteDialog onClose={onClose} />
    </I18nextProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Notiz' });
  return { onClose, dialog, field: within(dialog).getByRole('textbox', { name: 'Notiz' }) };
}

const question = () => screen.queryByRole('alertdialog', { name: 'Eingaben verwerfen?' });

/** A click on the dark area beside the dialog (MUI closes on a press and release on its container). */
function clickBeside(dialog: HTMLElement) {
  const container = dialog.parentElement as HTMLElement;
  fireEvent.mouseDown(container);
  fireEvent.click(container);
}

describe('useDiscardQuestion', () => {
  it('should close an unchanged dialog on Escape without asking', () => {
    const { onClose, dialog } = show();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(question()).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should close an unchanged dialog on a click beside it without asking', () => {
    const { onClose, dialog } = show();
    clickBeside(dialog);
    expect(question()).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should ask on Escape after typing, with the focus on „Weiter bearbeiten“, and keep the input when the person goes on', async () => {
    const { onClose, dialog, field } = show();
    field.focus();
    fireEvent.change(field, { target: { value: 'Rückruf am Montag' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const asked = question();
    expect(asked).not.toBeNull();
    expect(within(asked as HTMLElement).getByText(/geht das verloren/)).toBeTruthy();
    const keep = within(asked as HTMLElement).getByRole('button', { name: 'Weiter bearbeiten' });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((field as HTMLInputElement).value).toBe('Rückruf am Montag');
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('should keep editing on Escape in the question, not close the form beneath it', async () => {
    const { onClose, dialog, field } = show();
    fireEvent.change(field, { target: { value: 'Rückruf' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(question() as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Notiz' })).toBeTruthy();
  });

  it('should ask on a click beside the dialog after typing and close it on „Verwerfen“', () => {
    const { onClose, dialog, field } = show();
    fireEvent.change(field, { target: { value: 'Rückruf' } });
    clickBeside(dialog);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(question() as HTMLElement).getByRole('button', { name: 'Verwerfen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
