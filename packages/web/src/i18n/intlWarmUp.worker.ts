// Runs in a worker (intlWarmUp.ts): the first German date formatter in Europe/Berlin loads the browser's
// ICU locale, calendar and time-zone data. That data is shared by the whole page process, so after this
// the page's own formatters are made in under a millisecond instead of a long task on the main thread.
new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(0);
new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(0);
postMessage('ready');
