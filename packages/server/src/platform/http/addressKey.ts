// The client an address stands for, for every per-address limit: one IPv4 address, or one IPv6 /64 network – an IPv6
// client (a home connection, a phone) holds at least a whole /64 and picks any address in it, so counting single IPv6
// addresses lets one client spread its attempts over 2^64 of them. @fastify/rate-limit counts the request limits the
// same way (its default key: normalizeIP with a /64); the PIN's per-address limit (features/casefile) uses this too.
import { normalizeIP } from '@fastify/rate-limit';

/** The prefix length of the IPv6 network one client is counted by. */
export const CLIENT_IPV6_PREFIX = 64;

/** `203.0.113.7` → itself; `::ffff:203.0.113.7` → `203.0.113.7`; `2001:db8:7:7::15` → `2001:db8:7:7::` (its /64). */
export function addressKey(ip: string): string {
  return normalizeIP(ip, CLIENT_IPV6_PREFIX);
}
