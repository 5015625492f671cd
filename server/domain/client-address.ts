import { isIPv6 } from "node:net";

/**
 * The key a client address is counted under. IPv6 clients usually hold a whole /64, so they are
 * counted per /64; IPv4-mapped IPv6 addresses count as the IPv4 address they are.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const withoutZone = address.replace(/%.*$/, "");
  if (!isIPv6(withoutZone)) return address;
  const [head = "", tail] = withoutZone.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array(8 - width(left) - width(right)).fill("0");
  const prefix = [...left, ...zeros, ...right].slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}
