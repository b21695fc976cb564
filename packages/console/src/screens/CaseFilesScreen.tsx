// The lawyer's case files and, for one of them, the client's contact data as stored now (phone, e-mail,
// address) and what the client added: uploads (downloadable), questionnaire answers, contact messages and
// whether the Vollmacht is signed, and whether the client's PIN login is locked. With `mandates`, the lawyer ends or
// reopens the mandate (MandateSection), corrects the client's name and phone (ClientCorrection), gives the client a
// new link (CaseFileLinkSection), withdraws a file created by mistake (CaseFileWithdrawal), shares documents into the
// client's Fallakte (ShareDocumentSection) or takes one back (CaseFileDocuments), answers the client's messages
// (ContactReply), writes the client a message of the firm's own (FirmMessageSection), listed with the client's messages
// (FirmMessageItem; a client's answer to one names it and links to it, AnswerToFirmMessage), and hands the file over to
// a colleague (CaseFileHandOver).
import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { emailForDisplay, type HandedOverCaseFile, type LawyerCaseFileDetail, type LawyerCaseFileSummary, type WithdrawnCaseFile } from '@rechtschat/core';
import { CaseFileDocuments } from './CaseFileDocuments.js';
import { FactList } from './FactList.js';
import { formatDate, formatDateTime } from '../i18n/i18n.js';
import type { MandateApi } from '@rechtschat/core';
import { CaseFileLinkSection, LoginLockNotice } from './CaseFileLinkSection.js';
import { ClientCorrection } from './ClientCorrection.js';
import { CaseFileWithdrawal, WithdrawnNotice } from './CaseFileWithdrawal.js';
import { CaseFileHandOver, CaseFileLeftNotice, HandedOverNotice, HandOverReceived } from './CaseFileHandOver.js';
import { MandateSection } from './MandateSection.js';
import { questionnaireAnswerRows } from './questionnaireAnswers.js';
import { ScreenSection } from './ScreenSection.js';
import { MessageText } from './MessageText.js';
import { ShareDocumentSection } from './ShareDocumentSection.js';
import { ContactReply } from './ContactReply.js';
import { AnswerToFirmMessage, FirmMessageItem, FirmMessageSection } from './FirmMessageSection.js';
import { messagesNewestFirst } from './caseFileMessages.js';

export interface CaseFilesScreenProps {
  readonly caseFiles: readonly LawyerCaseFileSummary[];
  readonly opened: LawyerCaseFileDetail | null;
  /** The open file was found gone on a re-read (handed over or withdrawn elsewhere): the list says so. */
  readonly left?: { readonly CaseNumber: string } | null;
  readonly documentUrl: (caseFileId: string, documentId: string) => string;
  readonly onOpen: (caseFileId: string) => void;
  readonly onClose: () => void;
  readonly onRefresh: () => void;
  /** Ending and reopening the mandate, correcting the client, a new link; without it the state is shown but cannot be changed. */
  readonly mandates?: MandateApi;
  /** Copies a new link or the PIN to the clipboard (tests inject their own). */
  readonly copyText?: (text: string) => Promise<void>;
  /** The file was withdrawn (with `mandates`): it leaves the list and the screen. */
  readonly onWithdrawn?: (caseFileId: string) => void;
  /** The file was handed over to a colleague (with `mandates`): it leaves the list and the screen. */
  readonly onHandedOver?: (handedOver: HandedOverCaseFile) => void;
}

/** "Domstraße 12a" and "50667 Köln" on two lines; null when the client has given no part of the address. */
function addressText(detail: LawyerCaseFileDetail): string | null {
  const place = [detail.PostalCode, detail.City].filter((part) => part !== null && part.trim() !== '').join(' ');
  const lines = [detail.Street?.trim() ?? '', place].filter((line) => line !== '');
  return lines.length > 0 ? lines.join('\n') : null;
}

/** The client's contact data as stored now (the client edits e-mail and address in the case file). */
function ClientContact({ detail }: { readonly detail: LawyerCaseFileDetail }) {
  const { t } = useTranslation();
  const address = addressText(detail);
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        {t('CaseFiles.ClientHeading')}
      </Typography>
      <FactList>
        <dt>{t('CaseFiles.Name')}</dt>
        <dd>{`${detail.FirstName} ${detail.LastName}`}</dd>
        <dt>{t('CaseFiles.Phone')}</dt>
        <dd>
          <Link href={`tel:${detail.Phone}`} aria-label={t('CaseFiles.CallLabel', { phone: detail.PhoneDisplay })}>
            {detail.PhoneDisplay}
          </Link>
        </dd>
        <dt>{t('CaseFiles.Email')}</dt>
        <dd>
          {detail.Email ? (
            // Shown as the client wrote it (an umlaut domain is stored in its deliverable xn-- form, which mailto keeps).
            <Link href={`mailto:${detail.Email}`} aria-label={t('CaseFiles.MailLabel', { email: emailForDisplay(detail.Email) })}>
              {emailForDisplay(detail.Email)}
            </Link>
          ) : (
            t('CaseFiles.NotGiven')
          )}
        </dd>
        <dt>{t('CaseFiles.Address')}</dt>
        <dd>{address ?? t('CaseFiles.NotGiven')}</dd>
      </FactList>
      {detail.PersonUpdatedAt && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('CaseFiles.PersonUpdated', { date: formatDateTime(detail.PersonUpdatedAt) })}
        </Typography>
      )}
    </>
  );
}

/**
 * Whether a file matches what the lawyer typed into the list's search: every word of it must occur in the file's number,
 * title or client name, whatever the case („fa-2026“, „müller miet“).
 */
export function caseFileMatches(file: LawyerCaseFileSummary, query: string): boolean {
  const words = query
    .toLocaleLowerCase('de-DE')
    .split(/\s+/)
    .filter((word) => word !== '');
  const text = `${file.CaseNumber} ${file.Title} ${file.ClientName}`.toLocaleLowerCase('de-DE');
  return words.every((word) => text.includes(word));
}

export function CaseFilesScreen({
  caseFiles,
  opened,
  left = null,
  documentUrl,
  onOpen,
  onClose,
  onRefresh,
  mandates,
  copyText,
  onWithdrawn,
  onHandedOver,
}: CaseFilesScreenProps) {
  const { t } = useTranslation();
  // The last withdrawal, said in the list until another file is opened.
  const [withdrawn, setWithdrawn] = useState<WithdrawnCaseFile | null>(null);
  // The last hand-over, said in the list until another file is opened.
  const [handedOver, setHandedOver] = useState<HandedOverCaseFile | null>(null);
  // A firm's list grows long: the search narrows it by number, title or client (outside tester).
  const [query, setQuery] = useState('');
  const shown = useMemo(() => caseFiles.filter((file) => caseFileMatches(file, query)), [caseFiles, query]);
  // Opening a file replaces the list (and „Öffnen“ with it), and „Zurück zur Übersicht“ the file: the browser dropped
  // the keyboard focus to the page's start, above the navigation and every chat tab. It continues at the opened file's
  // heading, and back in the list at the „Öffnen“ of the file that was open.
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const openButtons = useRef(new Map<string, HTMLButtonElement>());
  const openedId = opened?.CaseId ?? null;
  const shownBefore = useRef(openedId);
  useEffect(() => {
    const before = shownBefore.current;
    shownBefore.current = openedId;
    if (openedId === before) return;
    if (openedId !== null) {
      setWithdrawn(null);
      setHandedOver(null);
      detailHeading.current?.focus();
    } else if (before !== null) openButtons.current.get(before)?.focus();
  }, [openedId]);
  if (opened) {
    const answers = questionnaireAnswerRows(opened.Questionnaire.Answers, t);
    return (
      <ScreenSection
        headingId="casefile-detail-heading"
        heading={t('CaseFiles.DetailHeading', { title: opened.Title, number: opened.CaseNumber })}
        headingRef={detailHeading}
      >
        {/* At the top: a file with many documents and messages is long, and these are what a lawyer reaches for first. */}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button variant="outlined" onClick={onClose}>
            {t('CaseFiles.Back')}
          </Button>
          <Button variant="outlined" onClick={() => onOpen(opened.CaseId)}>
            {t('CaseFiles.Refresh')}
          </Button>
        </Stack>
        <HandOverReceived detail={opened} />
        {opened.ChatCaseReference && <Typography sx={{ mt: 1 }}>{t('CaseFiles.FromChat', { reference: opened.ChatCaseReference })}</Typography>}
        {opened.Description && <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{opened.Description}</Typography>}

        {mandates ? (
          <MandateSection
            detail={opened}
            api={mandates}
            onChanged={(caseFileId) => {
              onOpen(caseFileId);
              onRefresh();
            }}
          />
        ) : (
          opened.Closed && opened.ClosedAt && <Typography sx={{ mt: 1 }}>{t('CaseFiles.MandateClosed', { date: formatDate(opened.ClosedAt) })}</Typography>
        )}

        <ClientContact detail={opened} />
        {mandates && (
          <ClientCorrection
            detail={opened}
            api={mandates}
            onChanged={(caseFileId) => {
              onOpen(caseFileId);
              onRefresh();
            }}
          />
        )}
        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          {t('CaseFiles.PowerOfAttorney')}
        </Typography>
        <Typography>
          {opened.PowerOfAttorneySignedAt ? t('CaseFiles.Signed', { date: formatDateTime(opened.PowerOfAttorneySignedAt) }) : t('CaseFiles.NotSigned')}
        </Typography>

        <CaseFileDocuments
          // Its own key beside the share section's: siblings with one key are duplicated when the file is read again.
          key={`documents-${opened.CaseId}`}
          detail={opened}
          documentUrl={documentUrl}
          {...(mandates
            ? {
                api: mandates,
                onChanged: (caseFileId: string) => {
                  onOpen(caseFileId);
                  onRefresh();
                },
              }
            : {})}
        />
        {mandates && (
          <ShareDocumentSection
            key={opened.CaseId}
            detail={opened}
            api={mandates}
            onShared={(caseFileId) => {
              onOpen(caseFileId);
              onRefresh();
            }}
          />
        )}

        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          {t('CaseFiles.Questionnaire')}
        </Typography>
        {!opened.Questionnaire.Submitted || answers.length === 0 ? (
          <Typography>{t('CaseFiles.NoAnswers')}</Typography>
        ) : (
          <FactList>
            {answers.map((row) => (
              <Box key={row.key} sx={{ display: 'contents' }}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </Box>
            ))}
          </FactList>
        )}

        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          {t('CaseFiles.Messages')}
        </Typography>
        {opened.Contacts.length === 0 && opened.FirmMessages.length === 0 ? (
          <Typography>{t('CaseFiles.NoContacts')}</Typography>
        ) : (
          <List dense>
            {messagesNewestFirst(opened).map((entry) =>
              entry.kind === 'firm' ? (
                <ListItem key={entry.message.Id} divider sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
                  <FirmMessageItem message={entry.message} />
                </ListItem>
              ) : (
                <ListItem key={entry.contact.Id} divider sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
                  {entry.contact.InReplyTo && (
                    <AnswerToFirmMessage
                      answered={entry.contact.InReplyTo}
                      listed={opened.FirmMessages.some((message) => message.Id === entry.contact.InReplyTo?.Id)}
                    />
                  )}
                  <ListItemText
                    primary={`${entry.contact.Subject} (${formatDateTime(entry.contact.Created)})`}
                    secondary={<MessageText text={entry.contact.Message} italic={false} />}
                    slotProps={{ secondary: { sx: { color: 'text.primary', whiteSpace: 'pre-wrap' } } }}
                  />
                  <ContactReply
                    caseFileId={opened.CaseId}
                    contact={entry.contact}
                    {...(mandates ? { api: mandates } : {})}
                    onReplied={(caseFileId) => {
                      onOpen(caseFileId);
                      onRefresh();
                    }}
                  />
                </ListItem>
              ),
            )}
          </List>
        )}
        {mandates && <FirmMessageSection key={`message-${opened.CaseId}`} caseFileId={opened.CaseId} api={mandates} onSent={onOpen} />}

        {/* The rarer steps after the daily ones (Vollmacht, Dokumente, Fragebogen, Nachrichten): the client's
            access link, withdrawing a file created by mistake, handing the file over. */}
        {mandates ? (
          <CaseFileLinkSection detail={opened} api={mandates} onChanged={onOpen} {...(copyText ? { copyText } : {})} />
        ) : (
          <LoginLockNotice detail={opened} />
        )}
        {mandates && onWithdrawn && (
          <CaseFileWithdrawal
            detail={opened}
            api={mandates}
            onWithdrawn={(done) => {
              setWithdrawn(done);
              onWithdrawn(done.CaseId);
            }}
          />
        )}
        {mandates && onHandedOver && (
          <CaseFileHandOver
            detail={opened}
            api={mandates}
            onHandedOver={(done) => {
              setHandedOver(done);
              onHandedOver(done);
            }}
          />
        )}
      </ScreenSection>
    );
  }
  return (
    <ScreenSection headingId="casefiles-heading" heading={t('CaseFiles.Heading')}>
      {withdrawn && <WithdrawnNotice withdrawn={withdrawn} />}
      {handedOver && <HandedOverNotice handedOver={handedOver} />}
      {left && <CaseFileLeftNotice caseNumber={left.CaseNumber} />}
      {caseFiles.length > 0 && (
        <>
          <TextField
            type="search"
            label={t('CaseFiles.Search')}
            helperText={t('CaseFiles.SearchHelp')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            size="small"
            sx={{ mt: 1, width: '100%', maxWidth: 480 }}
          />
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            {query.trim() === '' ? '' : t('CaseFiles.SearchResult', { count: shown.length, shown: shown.length, total: caseFiles.length })}
          </Typography>
        </>
      )}
      {caseFiles.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{t('CaseFiles.Empty')}</Typography>
      ) : shown.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{t('CaseFiles.NoMatch', { query: query.trim() })}</Typography>
      ) : (
        <List>
          {shown.map((c) => (
            <ListItem key={c.CaseId} divider sx={{ gap: 2 }}>
              <ListItemText
                primary={`${c.Title} – ${c.ClientName} · ${c.Closed && c.ClosedAt ? t('CaseFiles.MandateClosed', { date: formatDate(c.ClosedAt) }) : t('CaseFiles.MandateOpen')}`}
                secondary={t('CaseFiles.Summary', {
                  number: c.CaseNumber,
                  documents: t('CaseFiles.Documents', { count: c.DocumentCount }),
                  contacts: t('CaseFiles.Contacts', { count: c.ContactCount }),
                  questionnaire: c.QuestionnaireSubmitted ? t('CaseFiles.QuestionnaireDone') : t('CaseFiles.QuestionnaireOpen'),
                  vollmacht: c.PowerOfAttorneySignedAt ? t('CaseFiles.VollmachtSigned') : t('CaseFiles.VollmachtOpen'),
                })}
                slotProps={{ secondary: { sx: { color: 'text.primary' } } }}
              />
              <Button
                ref={(button: HTMLButtonElement | null) => {
                  if (button) openButtons.current.set(c.CaseId, button);
                  else openButtons.current.delete(c.CaseId);
                }}
                variant="outlined"
                onClick={() => onOpen(c.CaseId)}
                aria-label={t('CaseFiles.OpenLabel', { title: c.Title, name: c.ClientName })}
                sx={{ flexShrink: 0 }}
              >
                {t('CaseFiles.Open')}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      <Button variant="outlined" onClick={onRefresh} sx={{ mt: 1 }}>
        {t('CaseFiles.Refresh')}
      </Button>
    </ScreenSection>
  );
}
