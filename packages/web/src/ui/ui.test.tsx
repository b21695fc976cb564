// @vitest-environment jsdom
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppRouter } from '../routing/AppRouter.js';
import { memoryHistory } from '../routing/history.js';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  TextField,
} from './index.js';

afterEach(cleanup);

describe('TextField', () => {
  it('should name the input by its visible label and describe it by the helper text', () => {
    render(<TextField label="PIN" helperText="Vier Ziffern" required inputMode="numeric" maxLength={4} autoComplete="off" />);
    const input = screen.getByRole('textbox', { name: 'PIN' }) as HTMLInputElement;
    const helper = screen.getByText('Vier Ziffern');
    expect(input.getAttribute('aria-describedby')).toBe(helper.id);
    expect([input.required, input.inputMode, input.maxLength, input.autocomplete]).toEqual([true, 'numeric', 4, 'off']);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    // The required mark is visual only; the accessible name stays the label.
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('should mark an error with aria-invalid and keep further describing ids', () => {
    render(<TextField id="pin" label="PIN" helperText="Falsch" error describedBy="pin-prefix" inputProps={{ 'data-testid': 'pin' }} />);
    const input = screen.getByTestId('pin');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('pin-helper-text pin-prefix');
  });

  it('should give two fields different generated ids', () => {
    render(
      <>
        <TextField label="Vorname" />
        <TextField label="Nachname" />
      </>,
    );
    const [a, b] = screen.getAllByRole('textbox');
    expect(a!.id).not.toBe(b!.id);
    expect(screen.getByLabelText('Nachname')).toBe(b);
  });

  it('should render a textarea when multiline', () => {
    render(<TextField label="Nachricht" multiline minRows={4} />);
    const area = screen.getByRole('textbox', { name: 'Nachricht' }) as HTMLTextAreaElement;
    expect([area.tagName, area.rows]).toEqual(['TEXTAREA', 4]);
  });
});

describe('Link', () => {
  it('should make a link on its own a 44 px touch target and leave a link inside a sentence as text', () => {
    // ui.css: .ui-link--standalone is an inline-flex box of at least 44 × 44 px (jsdom applies no stylesheet; the
    // journey phone-zoom-tap-targets measures it at 360 px).
    render(
      <p>
        Telefon:{' '}
        <Link href="tel:+49301234567" standalone>
          +49 30 1234567
        </Link>{' '}
        oder <Link href="https://www.brak.de">www.brak.de</Link>
      </p>,
    );
    expect(screen.getByRole('link', { name: '+49 30 1234567' }).className).toBe('ui-link ui-link--standalone');
    expect(screen.getByRole('link', { name: 'www.brak.de' }).className).toBe('ui-link');
  });
});

describe('Select', () => {
  it('should be a labelled combobox', () => {
    render(
      <Select label="Anrede" value="" onChange={() => undefined} helperText="Bitte wählen">
        <option value="">–</option>
        <option value="Frau">Frau</option>
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'Anrede' });
    expect(select.getAttribute('aria-describedby')).toBe(screen.getByText('Bitte wählen').id);
  });
});

describe('Checkbox', () => {
  it('should be named by its label and describe its error', () => {
    const onChange = vi.fn();
    render(<Checkbox label="Ich stimme zu" error helperText="Bitte zustimmen" checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Ich stimme zu' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('Bitte zustimmen').id);
    fireEvent.click(screen.getByText('Ich stimme zu'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('RadioGroup', () => {
  function Group() {
    const [value, setValue] = useState<string | null>(null);
    return (
      <RadioGroup legend="Haben Sie eine Rechtsschutzversicherung?" name="insurance" value={value} onChange={setValue} helperText="Pflichtfeld">
        <Radio value="yes" label="Ja" />
        <Radio value="no" label="Nein" />
      </RadioGroup>
    );
  }

  it('should group the radios under the legend with one name', () => {
    render(<Group />);
    const group = screen.getByRole('group', { name: 'Haben Sie eine Rechtsschutzversicherung?' });
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(group.contains(radios[0]!)).toBe(true);
    expect(radios.map((r) => r.name)).toEqual(['insurance', 'insurance']);
    expect(radios[0]!.getAttribute('aria-describedby')).toBe(screen.getByText('Pflichtfeld').id);
    fireEvent.click(screen.getByRole('radio', { name: 'Nein' }));
    expect((screen.getByRole('radio', { name: 'Nein' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Ja' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('Button', () => {
  it('should render a button (type button unless told) or a link', () => {
    render(
      <AppRouter history={memoryHistory()}>
        <Button variant="contained">Senden</Button>
        <Button type="submit">Anmelden</Button>
        <Button href="/hilfe">Hilfe</Button>
        <Button to="/weiter" variant="outlined">
          Weiter
        </Button>
      </AppRouter>,
    );
    expect(screen.getByRole('button', { name: 'Senden' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Anmelden' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('link', { name: 'Hilfe' }).getAttribute('href')).toBe('/hilfe');
    expect(screen.getByRole('link', { name: 'Weiter' }).getAttribute('href')).toBe('/weiter');
  });
});

describe('Alert, Spinner, LinearProgress', () => {
  it('should announce an alert by default and take the role given', () => {
    render(
      <>
        <Alert severity="error">Fehler</Alert>
        <Alert severity="success" role="status">
          Gespeichert
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Fehler');
    expect(screen.getByRole('status').textContent).toContain('Gespeichert');
  });

  it('should expose progress with a name and, when determinate, a value', () => {
    render(
      <>
        <Spinner label="Wird geladen" />
        <LinearProgress label="Hochladen" value={42.4} />
        <LinearProgress label="Verarbeiten" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Wird geladen' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Hochladen' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByRole('progressbar', { name: 'Verarbeiten' }).hasAttribute('aria-valuenow')).toBe(false);
  });
});

describe('Dialog', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Öffnen</button>
        <Dialog open={open} onClose={() => setOpen(false)}>
          <DialogTitle>Sind Sie noch da?</DialogTitle>
          <DialogContent>Der Chat endet bald.</DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Ja</Button>
          </DialogActions>
        </Dialog>
      </>
    );
  }

  it('should be labelled by its title, close on Escape and return focus to the opener', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Öffnen' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Sind Sie noch da?' });
    expect(dialog.hasAttribute('open')).toBe(true);
    screen.getByRole('button', { name: 'Ja' }).focus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('should give the focus to the element named as it closed instead of the opener, and to the opener when none is named', () => {
    function Removing() {
      const [open, setOpen] = useState(false);
      const next = useRef<HTMLButtonElement>(null);
      const target = useRef<HTMLElement | null>(null);
      return (
        <>
          <button
            onClick={() => {
              target.current = null;
              setOpen(true);
            }}
          >
            Entfernen
          </button>
          <button ref={next}>Weiter</button>
          <Dialog open={open} onClose={() => setOpen(false)} returnFocusTo={target} title="Wirklich entfernen?">
            <Button
              onClick={() => {
                target.current = next.current;
                setOpen(false);
              }}
            >
              Ja
            </Button>
          </Dialog>
        </>
      );
    }
    render(<Removing />);
    const opener = screen.getByRole('button', { name: 'Entfernen' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Weiter' }));
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
  });

  it('should close through its own button and the short form with title and actions', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Dialog open title="Datei weiterleiten" actions={<Button onClick={() => onClose('button')}>Abbrechen</Button>} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: 'Datei weiterleiten' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledWith('button');
    rerender(<Dialog open={false} title="Datei weiterleiten" onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
