// Demo data for a fresh non-production database: two lawyers, an insurance
// number and a case file. Idempotent: the demo case-file token and PIN are kept in
// demo_secrets (demo only; real case files store only hashes) so they can be printed again.
import { createCaseFile } from './features/casefile/index.js';
import { internationalDigits, maskedPhoneNumberPart } from './platform/phone.js';
import type { FirmDetails } from '@rechtschat/core';
import { DEFAULT_FIRM_NAME, type Config } from './platform/config.js';
import { storeDemoFirmDetails } from './features/firmDetails/index.js';
import type { Clock } from './platform/clock.js';
import { avatarUrl, createLawyer } from './features/lawyer/index.js';
import { isUniqueViolation, type Db } from './platform/storage/database.js';
import { deleteCaseFileWithHistory, findDemoSecret, findLawyerIdByEmail, getDemoSecret, insertDemoSecret, setDemoLawyerRole } from './seedQueries.js';

export const DEMO_INSURANCE_NUMBER = 'RS2026000123';
export const DEMO_PASSWORD = 'Demo-Anwalt-2026!';
export const DEMO_LAWYERS = [
  // The first demo lawyer runs the firm (team administration in the console); the second advises.
  { email: 'anna.berger@demo.rechtschat.de', name: 'Dr. Anna Berger', gender: 'female', phone: '+49 30 1234567', role: 'admin' },
  { email: 'markus.hoffmann@demo.rechtschat.de', name: 'Markus Hoffmann', gender: 'male', phone: '+49 30 7654321', role: 'lawyer' },
] as const;
const DEMO_CLIENT_PHONE = '+49 170 5550123';

export interface DemoData {
  readonly insuranceNumber: string;
  readonly chatUrl: string;
  readonly caseFile: { readonly url: string; readonly token: string; readonly pin: string; readonly phoneNumberPart: string };
  readonly lawyer: { readonly email: string; readonly password: string };
  readonly consoleUrl: string;
}

interface StoredCaseFile {
  token: string;
  pin: string;
}

async function ensureLawyers(db: Db, clock: Clock): Promise<string> {
  let firstId = '';
  for (const demo of DEMO_LAWYERS) {
    const find = () => findLawyerIdByEmail(db, demo.email);
    // A demo database seeded before roles existed: the first demo lawyer becomes the administrator again.
    if (demo.role === 'admin') await setDemoLawyerRole(db, demo.email, demo.role);
    // Two processes seeding one database at once: the loser reads the winner's row.
    const id =
      (await find()) ??
      (await createLawyer(db, clock, { ...demo, password: DEMO_PASSWORD }).then(
        (l) => l.id,
        async (error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          return (await find()) ?? '';
        },
      ));
    if (firstId === '') firstId = id;
  }
  return firstId;
}

async function ensureCaseFile(db: Db, clock: Clock, config: Config, lawyerId: string): Promise<StoredCaseFile> {
  const stored = await findDemoSecret(db, 'caseFile');
  if (stored !== undefined) return JSON.parse(stored) as StoredCaseFile;
  const lawyer = DEMO_LAWYERS[0];
  const created = await createCaseFile(
    db,
    {
      firstName: 'Max',
      lastName: 'Mustermann',
      phone: DEMO_CLIENT_PHONE,
      email: 'max.mustermann@example.org',
      title: 'Kündigung des Arbeitsverhältnisses',
      description: 'Der Arbeitgeber hat fristlos gekündigt; es wird geprüft, ob eine Kündigungsschutzklage Aussicht auf Erfolg hat.',
      fieldOfLaw: 'Arbeitsrecht',
      lawyerId,
      lawyer: { name: lawyer.name, gender: lawyer.gender, email: lawyer.email, phone: lawyer.phone, imageUrl: avatarUrl(config.chatHostUrl, lawyerId) },
    },
    { now: () => clock.now() },
  );
  const value: StoredCaseFile = { token: created.token, pin: created.pin };
  try {
    await insertDemoSecret(db, 'caseFile', JSON.stringify(value));
    return value;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another process seeded at the same moment; its demo case file is the one printed.
    await deleteCaseFileWithHistory(db, created.caseId);
    return JSON.parse(await getDemoSecret(db, 'caseFile')) as StoredCaseFile;
  }
}

/**
 * The demo firm's legal details (fictional: example.* domain, invented address and numbers), so the demo Impressum,
 * privacy notices and Vollmacht are complete. FIRM_NAME, FIRM_PHONE and FIRM_EMAIL, when set, win over the invented ones.
 */
export const DEMO_FIRM_DETAILS: FirmDetails = {
  Name: 'Berger & Hoffmann Rechtsanwälte',
  RepresentedBy: 'Berger & Hoffmann Rechtsanwälte PartG mbB, vertreten durch die Partner Dr. Anna Berger und Markus Hoffmann',
  Street: 'Musterstraße 12',
  PostalCode: '10115',
  City: 'Berlin',
  Phone: '+49 30 12345678',
  Email: 'kanzlei@berger-hoffmann.example',
  BarChamber: 'Rechtsanwaltskammer Berlin, Littenstraße 9, 10179 Berlin',
  LiabilityInsurance: 'Beispiel Versicherung AG (Demo), Versicherungsweg 1, 80331 München; räumlicher Geltungsbereich: Deutschland und die Europäische Union',
  Register: 'Partnerschaftsregister Amtsgericht Charlottenburg, PR 0000 B (Demo)',
  VatId: 'DE999999999',
  // An external officer, as small firms often appoint one: a name and a way to reach them, not a role as placeholder.
  DataProtectionOfficer: 'Dr. Jana Roth, Datenschutzberatung Roth GmbH (Demo), Friedrichstraße 100, 10117 Berlin, dsb@datenschutz-roth.example',
  SupervisoryAuthority: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin',
};

function demoFirmDetails(config: Config): FirmDetails {
  return {
    ...DEMO_FIRM_DETAILS,
    Name: config.firmName === DEFAULT_FIRM_NAME ? DEMO_FIRM_DETAILS.Name : config.firmName,
    Phone: config.firmPhone ?? DEMO_FIRM_DETAILS.Phone,
    Email: config.firmEmail ?? DEMO_FIRM_DETAILS.Email,
  };
}

/** Creates whatever demo data is missing and returns it; refuses in production. */
export async function seedDemoData(db: Db, clock: Clock, config: Config): Promise<DemoData> {
  if (!config.demoData) throw new Error('Demodaten werden nur bei NODE_ENV=development angelegt.');
  const lawyerId = await ensureLawyers(db, clock);
  const caseFile = await ensureCaseFile(db, clock, config, lawyerId);
  await storeDemoFirmDetails({ db, clock }, demoFirmDetails(config));
  const web = config.webOrigins[0] ?? `http://localhost:${config.port}`;
  const number = Buffer.from(DEMO_INSURANCE_NUMBER).toString('base64');
  return {
    insuranceNumber: number,
    chatUrl: `${web}/chat/new?InsuranceNumber=${encodeURIComponent(number)}`,
    caseFile: {
      url: `${web}/digitale-fallakte/${caseFile.token}`,
      token: caseFile.token,
      pin: caseFile.pin,
      phoneNumberPart: maskedPhoneNumberPart(internationalDigits(DEMO_CLIENT_PHONE) ?? ''),
    },
    lawyer: { email: DEMO_LAWYERS[0].email, password: DEMO_PASSWORD },
    consoleUrl: `${web}/konsole/`,
  };
}

/** The German start-up banner with ready-to-click links. */
export function demoBanner(demo: DemoData): string {
  return [
    '',
    'Demo-Zugänge (nur in der Entwicklungsumgebung):',
    `  Chat starten:            ${demo.chatUrl}`,
    `  Digitale Fallakte:       ${demo.caseFile.url}`,
    `  Fallakte-PIN:            ${demo.caseFile.pin} (Telefonnummer ${demo.caseFile.phoneNumberPart}…)`,
    `  Anwaltskonsole:          ${demo.consoleUrl}`,
    `  Konsole-Anmeldung:       ${demo.lawyer.email} / ${demo.lawyer.password} (Administration)`,
    `  Zweiter Anwalt:          ${DEMO_LAWYERS[1].email} / ${DEMO_PASSWORD}`,
    '',
  ].join('\n');
}
