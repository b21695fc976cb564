/**
 * Paths of the PIN login: /digitale-fallakte/{urlToken}, not the area's own pages.
 * The source is shared with the build (vite.config.ts), which gives these paths the static login top.
 */
export const CASE_FILE_LOGIN_PATH = '^/digitale-fallakte/(?!(?:nutzungsbedingungen|datenschutz|fall-abgeschlossen|zurueckgezogen)/?$)[^/]+/?$';

const loginPath = new RegExp(CASE_FILE_LOGIN_PATH);

export const isCaseFileLoginPath = (pathname: string): boolean => loginPath.test(pathname);

/** The case file's own start page (the header's name leads there before the login; serviceArea.ts). */
export const CASE_FILE_HOME_PATH = '/digitale-fallakte';

/**
 * The query a link from the case file gives a page both services share (`?von=fallakte`, serviceArea.ts). Shared with
 * the build, which gives such an address the case file's name in its static first frame too.
 */
export const FROM_CASE_FILE_QUERY = { name: 'von', value: 'fallakte' } as const;
