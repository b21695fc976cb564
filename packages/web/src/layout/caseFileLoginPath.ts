/**
 * Paths of the PIN login: /digitale-fallakte/{urlToken}, not the area's own pages.
 * The source is shared with the build (vite.config.ts), which gives these paths the static login top.
 */
export const CASE_FILE_LOGIN_PATH = '^/digitale-fallakte/(?!(?:nutzungsbedingungen|datenschutz|fall-abgeschlossen|zurueckgezogen)/?$)[^/]+/?$';

const loginPath = new RegExp(CASE_FILE_LOGIN_PATH);

export const isCaseFileLoginPath = (pathname: string): boolean => loginPath.test(pathname);

/** The case file's own start page (the header's name leads there before the login; serviceArea.ts). */
export const CASE_FILE_HOME_PATH = '/digitale-fallakte';
