// Lawyer thumbnails: an SVG with the initials, generated server-side (no user markup in it).
const PALETTE = ['#1f5f8b', '#2e7d32', '#6a1b9a', '#ad1457', '#00695c', '#4e342e', '#283593'];

export function initialsOf(name: string): string {
  const words = name
    .replace(/^(Dr\.|Prof\.|RA|RAin)\s+/gi, '')
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  const first = words[0]?.match(/\p{L}/u)?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.match(/\p{L}/u)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

function colorFor(id: string): string {
  let sum = 0;
  for (const ch of id) sum = (sum * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[sum % PALETTE.length] ?? '#1f5f8b';
}

export function avatarSvg(id: string, name: string): string {
  // Initials are letters only (\p{L}), so nothing here can inject markup.
  const initials = initialsOf(name);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70" viewBox="0 0 70 70" role="img">',
    `<rect width="70" height="70" rx="35" fill="${colorFor(id)}"/>`,
    `<text x="35" y="35" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="28" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('');
}
