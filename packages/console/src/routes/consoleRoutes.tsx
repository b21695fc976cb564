// THE route table of the console's screens under /konsole/ (besides the workspace at /konsole/ and the public
// /konsole/zugang). To add a screen:
//   1. build it as a component taking ConsoleScreenProps (create your port's HTTP adapter from `http`, e.g.
//      `useMemo(() => createReportsApi(http), [http])`, or take a port from `ports`);
//   2. add an entry below: path relative to /konsole/, the navigation label's i18n key, and `access: 'admin'` for a
//      screen only administrators may open;
//   3. put the label into i18n (texts.shell.de.ts for the shell's own entries).
// The navigation (ConsoleNavigation) lists the entries in this order; admin entries only for Role admin, and a
// non-admin opening an admin path sees "Keine Berechtigung" (ConsoleRouter).
import type { ComponentType } from 'react';
import type {
  AccountLinkApi,
  AdminTeamApi,
  Call,
  LawyerAccountApi,
  LawyerProfile,
  LawyerSessionApi,
  LawyerWorkspace,
  MandateApi,
  TextTemplatesApi,
} from '@rechtschat/core';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { AuditLogRoute } from '../screens/admin/AuditLogRoute.js';
import { TeamScreen } from '../screens/admin/TeamScreen.js';
import { InsurersRoute } from '../screens/admin/InsurersScreen.js';
import { DataRequestsRoute } from '../screens/admin/DataRequestsRoute.js';
import { ServiceHoursRoute } from '../screens/admin/serviceHours/ServiceHoursScreen.js';
import { FirmDetailsRoute } from '../screens/admin/FirmDetailsScreen.js';
import { ReportsRoute } from '../screens/reports/ReportsRoute.js';
import { FirmTextTemplatesRoute, OwnTextTemplatesRoute } from '../screens/textTemplates/TextTemplatesScreen.js';

/** What every HTTP adapter of the console needs: the chat host (with trailing slash) and fetch with the session cookie. */
export interface ConsoleHttp {
  readonly chatUrl: () => Call<string>;
  /** Shaped like the adapters' FetchFn (typeof fetch), so `createXyzApi(http)` works as it is. */
  readonly fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

/** The ports bound in ConsoleApp (the composition root of the signed-in console, createConsolePorts). */
export interface ConsolePorts {
  readonly adminTeam: AdminTeamApi;
  readonly accountLinks: AccountLinkApi;
  /** The signed-in lawyer's password, devices, second factor and passkeys (profile). */
  readonly account: LawyerAccountApi;
  readonly mandates: MandateApi;
  /** Login, logout and the probe whether the session still exists. */
  readonly session: LawyerSessionApi;
  /** The Textbausteine (own and the firm's) the chat's answer field offers. */
  readonly textTemplates: TextTemplatesApi;
}

export interface ConsoleScreenProps {
  /** The signed-in lawyer as the session knows them (Role, Id, Name …). */
  readonly me: LawyerProfile;
  readonly http: ConsoleHttp;
  readonly ports: ConsolePorts;
  /** The running workspace (queue, chats, colleagues …), e.g. for the profile's state. */
  readonly workspace: LawyerWorkspace;
  /** Call on a 401: the session ended, the login appears. */
  readonly onSessionExpired: () => void;
}

export type ConsoleRouteAccess = 'lawyer' | 'admin';

export interface ConsoleRoute {
  /** Relative to /konsole/, without leading slash. */
  readonly path: string;
  readonly label: ConsoleTextKey;
  readonly access: ConsoleRouteAccess;
  readonly component: ComponentType<ConsoleScreenProps>;
}

export const consoleRoutes: readonly ConsoleRoute[] = [
  { path: 'berichte', label: 'Shell.Reports', access: 'lawyer', component: ReportsRoute },
  { path: 'textbausteine', label: 'Shell.TextTemplates', access: 'lawyer', component: OwnTextTemplatesRoute },
  { path: 'verwaltung/team', label: 'Shell.AdminTeam', access: 'admin', component: TeamScreen },
  { path: 'verwaltung/protokoll', label: 'Shell.AdminAudit', access: 'admin', component: AuditLogRoute },
  { path: 'verwaltung/versicherer', label: 'Shell.AdminInsurers', access: 'admin', component: InsurersRoute },
  { path: 'verwaltung/auskunft', label: 'Shell.AdminDataRequests', access: 'admin', component: DataRequestsRoute },
  { path: 'verwaltung/servicezeiten', label: 'Shell.AdminServiceHours', access: 'admin', component: ServiceHoursRoute },
  { path: 'verwaltung/kanzlei', label: 'Shell.AdminFirm', access: 'admin', component: FirmDetailsRoute },
  { path: 'verwaltung/textbausteine', label: 'Shell.AdminTextTemplates', access: 'admin', component: FirmTextTemplatesRoute },
];

export const isAdmin = (me: LawyerProfile): boolean => me.Role === 'admin';

export const mayOpen = (route: ConsoleRoute, me: LawyerProfile): boolean => route.access === 'lawyer' || isAdmin(me);
