// A client's address as a throttling key: IPv4 as it is, IPv6 by its /64 (one subscriber's network), else unknown.

/** What anything that is not an address keys on: every such request shares this one bucket. */
export const UNKNOWN_CLIENT_ADDRESS = "unknown";

/** The longest text form of an address ("ffff:…:ffff:255.255.255.255"); longer is no address. */
const ADDRESS_MAX_LENGTH = 45;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** Dotted-quad bytes. Leading zeros are refused: some parsers read "010" as octal, so it names no one address. */
function ipv4Bytes(text: string): number[] | null {
  const parts = IPV4.exec(text)?.slice(1);
  if (!parts || parts.some((p) => p.length > 1 && p.startsWith("0"))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** The 16-bit groups of one side of "::"; a dotted IPv4 may end the address (two groups). */
function groupsOf(side: string, endsAddress: boolean): number[] | null {
  if (side === "") return [];
  const parts = side.split(":");
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (HEX_GROUP.test(part)) {
      groups.push(Number.parseInt(part, 16));
      continue;
    }
    const v4 = endsAddress && i === parts.length - 1 ? ipv4Bytes(part) : null;
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    groups.push((a << 8) | b, (c << 8) | d);
  }
  return groups;
}

/** The eight groups of an IPv6 address in any RFC 4291 text form, or null. */
function ipv6Groups(text: string): number[] | null {
  const sides = text.split("::");
  if (sides.length > 2) return null;
  const [before = "", after] = sides;
  const head = groupsOf(before, after === undefined);
  const tail = after === undefined ? [] : groupsOf(after, true);
  if (!head || !tail) return null;
  if (after === undefined) return head.length === 8 ? head : null;
  // "::" stands for at least one group of zeros.
  const zeros = 8 - head.length - tail.length;
  return zeros >= 1 ? [...head, ...Array<number>(zeros).fill(0), ...tail] : null;
}

const hex4 = (group: number) => group.toString(16).padStart(4, "0");

/**
 * The key an address is throttled by. IPv4 (and IPv4-mapped IPv6, "::ffff:1.2.3.4") is one address. An
 * IPv6 subscriber gets a whole /64 at least, so an address counts as its /64 — written expanded and
 * lower-case, so every spelling of one network is one key. Anything else is UNKNOWN_CLIENT_ADDRESS. Keys
 * are at most 24 printable characters.
 */
export function clientAddressKey(text: string | undefined): string {
  const value = text?.trim() ?? "";
  if (value.length > ADDRESS_MAX_LENGTH) return UNKNOWN_CLIENT_ADDRESS;
  const v4 = ipv4Bytes(value);
  if (v4) return v4.join(".");
  const groups = value.includes(":") ? ipv6Groups(value) : null;
  if (!groups) return UNKNOWN_CLIENT_ADDRESS;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map(hex4).join(":")}::/64`;
}
