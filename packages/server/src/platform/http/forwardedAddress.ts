// The client address of a request that Fastify does not see (the hub answers /signalr before it): the socket's
// address, or behind the proxies TRUST_PROXY names the address they forwarded, as Fastify's `request.ip` computes it
// (proxy-addr: X-Forwarded-For read from the right while the hop is a trusted proxy).
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** proxy-addr's named ranges, which TRUST_PROXY accepts too. */
const NAMED: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:192.0.2.1` is the IPv4 client 192.0.2.1. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

function family(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** `trustProxy` as the config holds it: false, or a comma-separated list of addresses, CIDRs and named ranges. */
export function forwardedAddressOf(trustProxy: string | false): (req: IncomingMessage) => string {
  const socketAddress = (req: IncomingMessage) => plain(req.socket.remoteAddress ?? '');
  if (trustProxy === false) return socketAddress;
  const trusted = new BlockList();
  for (const entry of trustProxy.split(',').flatMap((e) => NAMED[e.trim()] ?? [e.trim()])) {
    const [address = '', bits] = entry.split('/');
    const type = family(plain(address));
    if (type === undefined) continue;
    if (bits === undefined) trusted.addAddress(plain(address), type);
    else trusted.addSubnet(plain(address), Number(bits), type);
  }
  const isTrusted = (address: string) => {
    const type = family(address);
    return type !== undefined && trusted.check(address, type);
  };
  return (req) => {
    let address = socketAddress(req);
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((hop) => plain(hop.trim()))
      .filter((hop) => hop !== '');
    while (isTrusted(address) && hops.length > 0) address = hops.pop() ?? address;
    return address;
  };
}
