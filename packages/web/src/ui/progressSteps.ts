// Which share of a running upload a live region reads out: screen readers would announce every percent the browser
// reports (many a second), so only the quarters are said – 25, 50 and 75 % – and null before the first of them.
export function announcedPercent(percent: number): number | null {
  const step = Math.floor(percent / 25) * 25;
  return step >= 25 && step < 100 ? step : null;
}
