// Beside the chat's facts: the case files already made from this chat („Fallakte FA-… angelegt“, the lawyer's own
// with „Öffnen“ into the case-files view) and „Fallakte aus diesem Chat anlegen“. When one exists, a second needs a
// deliberate step – a firm may need two (two mandates), but nobody should make one unawares; the request then says so
// (`ConfirmSecond`), else the server refuses it. A forwarded chat only lists its files: the colleague holds the case.
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatCaseFile } from '@rechtschat/core';

export interface ChatCaseFilesProps {
  readonly chatId: string;
  readonly caseFiles: readonly ChatCaseFile[];
  /** Opens the case-file form filled with this chat's facts; without it (a forwarded chat) the files are only listed. */
  readonly onCreate?: () => void;
  /** Opens one of the lawyer's own files in the case-files view; without it the files are only named. */
  readonly onOpen?: (caseFileId: string) => void;
}

let numberList: Intl.ListFormat | undefined;

export function ChatCaseFiles({ chatId, caseFiles, onCreate, onOpen }: ChatCaseFilesProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  const confirmId = `case-file-confirm-${chatId}`;
  const listId = `case-files-${chatId}`;
  numberList ??= new Intl.ListFormat('de', { type: 'conjunction' });
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => createButton.current?.focus());
  };
  return (
    <Box sx={{ mt: 1 }}>
      {caseFiles.length > 0 && (
        <ul id={listId} aria-label={t('Chat.CaseFilesOfChat')} style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {caseFiles.map((file) => (
            <Stack component="li" key={file.CaseId} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography>
                {file.Own
                  ? t('Chat.CaseFileCreated', { number: file.CaseNumber })
                  : t('Chat.CaseFileCreatedBy', { number: file.CaseNumber, name: file.LawyerName })}
              </Typography>
              {file.Own && onOpen && (
                <Button size="small" aria-label={t('Chat.OpenCaseFileNamed', { number: file.CaseNumber })} onClick={() => onOpen(file.CaseId)}>
                  {t('Chat.OpenCaseFile')}
                </Button>
              )}
            </Stack>
          ))}
        </ul>
      )}
      {onCreate && !confirming && (
        <Button ref={createButton} variant="outlined" size="small" onClick={() => (caseFiles.length > 0 ? setConfirming(true) : onCreate())} sx={{ mt: 1 }}>
          {t('Chat.CreateCaseFile')}
        </Button>
      )}
      {onCreate && confirming && (
        // As the console's other weighty confirmations: the focus starts on the way back, and Escape takes it.
        <Stack
          role="group"
          aria-labelledby={confirmId}
          spacing={1}
          sx={{ mt: 1, alignItems: 'flex-start' }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            cancel();
          }}
        >
          <Typography id={confirmId}>
            {t('Chat.CaseFileExists', { count: caseFiles.length, numbers: numberList.format(caseFiles.map((f) => f.CaseNumber)) })}
          </Typography>
          <Button
            variant="contained"
            size="small"
            onClick={() => {
              setConfirming(false);
              onCreate();
            }}
          >
            {t('Chat.CreateAnotherCaseFile')}
          </Button>
          <Button variant="outlined" size="small" autoFocus onClick={cancel}>
            {t('Chat.CloseConfirmCancel')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
