// The lawyer's profile: name and gender (how clients are addressed about them), the lawyer's own phone number (clients
// see it in the Fallakte) and the photo clients see as the 35×35 picture next to the lawyer's messages.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LawyerGender, LawyerProfile } from '@rechtschat/core';
import { FileChooserButton } from './FileChooserButton.js';
import { ScreenSection } from './ScreenSection.js';
import { useRefocusWhenEnabled } from './useRefocusWhenEnabled.js';
import { LiveNotice } from './LiveNotice.js';

export interface ProfileScreenProps {
  readonly profile: LawyerProfile;
  readonly status: 'idle' | 'saving' | 'saved';
  readonly error: string | null;
  /** `phone`: only when the lawyer changed it (undefined keeps the stored number). */
  readonly onSave: (name: string, gender: LawyerGender, phone?: string) => void;
  readonly onPhoto: (file: File) => void;
  readonly onRemovePhoto: () => void;
}

export function ProfileScreen({ profile, status, error, onSave, onPhoto, onRemovePhoto }: ProfileScreenProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile.Name);
  const [gender, setGender] = useState<LawyerGender>(profile.Gender);
  const [phone, setPhone] = useState(profile.Phone);
  const hasPhoto = profile.ImageUrl.includes('/agent/photo/');
  // „Profil speichern“ is disabled while saving, which dropped the keyboard focus to the page's start. A refused name
  // or number puts it into that field, to correct it (as the case-file form does); otherwise it returns to the button.
  const nameField = useRef<HTMLInputElement>(null);
  const phoneField = useRef<HTMLInputElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const saving = status === 'saving';
  const wasSaving = useRef(saving);
  useEffect(() => {
    const refused = wasSaving.current && !saving;
    wasSaving.current = saving;
    if (!refused) return;
    if (error === 'Profile.NameInvalid') nameField.current?.focus();
    else if (error === 'Profile.PhoneInvalid') phoneField.current?.focus();
  }, [saving, error]);
  useRefocusWhenEnabled(saveButton, saving);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phone.trim() !== profile.Phone) onSave(name, gender, phone);
    else onSave(name, gender);
  };
  return (
    <ScreenSection headingId="profile-heading" heading={t('Profile.Heading')}>
      <Typography sx={{ my: 1 }}>{t('Profile.Intro')}</Typography>
      <LiveNotice politeness="polite" severity="success" sx={{ my: 1 }}>
        {status === 'saved' && !error && t('Profile.Saved')}
      </LiveNotice>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }}>
        {/* Exactly the size clients see. */}
        <Avatar src={profile.ImageUrl} alt={t('Profile.PhotoAlt', { name: profile.Name })} sx={{ width: 35, height: 35 }} />
        <FileChooserButton accept="image/png,image/jpeg,image/webp" disabled={status === 'saving'} onFile={onPhoto}>
          {t('Profile.Photo')}
        </FileChooserButton>
        {hasPhoto && (
          <Button variant="text" onClick={onRemovePhoto} disabled={status === 'saving'}>
            {t('Profile.RemovePhoto')}
          </Button>
        )}
      </Stack>
      {error === 'Profile.PhotoTooLarge' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(error)}
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 480 }}>
        <TextField
          label={t('Profile.Name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          inputRef={nameField}
          required
          error={error === 'Profile.NameInvalid'}
          helperText={error === 'Profile.NameInvalid' ? t(error) : t('Profile.NameHelp')}
        />
        <TextField
          select
          label={t('Profile.Gender')}
          value={gender}
          onChange={(e) => setGender(e.target.value as LawyerGender)}
          helperText={t('Profile.GenderHelp')}
        >
          <MenuItem value="female">{t('Profile.GenderFemale')}</MenuItem>
          <MenuItem value="male">{t('Profile.GenderMale')}</MenuItem>
          <MenuItem value="other">{t('Profile.GenderOther')}</MenuItem>
        </TextField>
        <TextField
          label={t('Profile.Phone')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          type="tel"
          autoComplete="tel"
          inputRef={phoneField}
          error={error === 'Profile.PhoneInvalid'}
          helperText={error === 'Profile.PhoneInvalid' ? t(error) : t('Profile.PhoneHelp')}
        />
        <Button ref={saveButton} type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
          {t('Profile.Save')}
        </Button>
      </Stack>
    </ScreenSection>
  );
}
