// How long each data class is kept, with its start event and legal basis (docs/reliability.md
// "Retention schedule"). The deletion job (retention.ts) applies these; dated rows carry their own deadline.
const DAY_MS = 24 * 3_600_000;

export const RetentionPolicy = {
  /**
   * Chat cases: `cases.retention_until`, set at creation to ten years (the privacy text's "bis zu zehn Jahre",
   * § 199 Abs. 3 BGB liability defence, Art. 17(3)(e) GDPR). Messages, uploads, callbacks, ratings go with it.
   */
  chatCase: 'cases.retention_until',
  /**
   * Case files (Handakte): `case_files.retention_until`. Never due while the mandate is open; when the lawyer ends
   * it, 1 January 00:00 Europe/Berlin of the 7th year after the year it ended (§ 50 Abs. 1 BRAO, core's caseFileRetentionUntil).
   * A file withdrawn as created by mistake: 90 days after the withdrawal (casefile/withdrawal.ts WITHDRAWN_RETENTION_MS),
   * at once on an erasure request (dataRequests/dataErasure.ts).
   */
  caseFile: 'case_files.retention_until',
  /**
   * Callback numbers left without a consultation (`second_level_phones` without a case: the offboarding's number of a
   * chat link with `?secondLevel=…`): 90 days from when they were left. They serve only the call back, no case keeps
   * them, so they must not outlive that purpose (Art. 5(1)(c), (e) GDPR); 90 days cover the call and follow-up questions.
   */
  caseLessPhoneMs: 90 * DAY_MS,
  /**
   * Protocol confirmation links (`protocol_mail_confirmations`, double opt-in): a used link, or one renewed as often as
   * allowed, at its `expires_at`, 48 hours after the mail. An expired unused link that may still be renewed
   * („Neuen Bestätigungslink senden“, migration 0044) stays 30 days longer (chat/protocolConfirmation.ts
   * PROTOCOL_CONFIRMATION_RENEWABLE_MS), never beyond its case (`retention_until`, an erasure). They hold an address
   * nobody may have confirmed – perhaps a stranger's, mistyped – so none outlives the time a person still comes back to
   * a missed mail.
   */
  protocolConfirmation: 'protocol_mail_confirmations.expires_at',
  /**
   * Addresses a participant confirmed for the protocol (`confirmed_protocol_addresses`): a year after the last protocol
   * mailed there (or the confirmation). They only spare a returning client a second confirmation; after a year without
   * use one more click is the smaller cost than keeping the address (Art. 5(1)(c), (e) GDPR).
   */
  confirmedProtocolAddressMs: 365 * DAY_MS,
  /** Audit trail of lawyer reads: three years (regular limitation period, § 195 BGB), independent of the case file. */
  accessLogMs: 3 * 365 * DAY_MS,
  /** PIN throttle rows per address and lawyer-login throttle rows per account: windows and locks last at most 15 minutes; a day covers any configured one. */
  loginThrottleMs: DAY_MS,
  /** Outbox .eml files (mail without SMTP): 30 days, long enough to re-send by hand, short for personal data at rest. */
  outboxMs: 30 * DAY_MS,
  /** Stored Sentry envelopes (no DSN configured): 30 days, like a hosted error tracker's default. */
  sentryEnvelopeMs: 30 * DAY_MS,
} as const;

/** How often the job runs in a server process; every run is idempotent and safe on several processes. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;
