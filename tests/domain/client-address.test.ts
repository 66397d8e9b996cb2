// Throttling keys of client addresses: IPv4 one address, IPv6 its /64 whatever the spelling, junk one bucket.
import { describe, expect, it } from "vitest";
import { clientAddressKey, UNKNOWN_CLIENT_ADDRESS } from "../../src/domain/client-address";

const UNKNOWN = UNKNOWN_CLIENT_ADDRESS;

describe("clientAddressKey", () => {
  it.each([
    // IPv4: the address itself.
    ["203.0.113.9", "203.0.113.9"],
    [" 198.51.100.1 ", "198.51.100.1"],
    ["0.0.0.0", "0.0.0.0"],
    ["255.255.255.255", "255.255.255.255"],
    // IPv6: the /64, expanded and lower-case.
    ["2001:db8::1", "2001:0db8:0000:0000::/64"],
    ["2001:0db8:0:0::2", "2001:0db8:0000:0000::/64"],
    ["2001:DB8:0:0:FFFF:FFFF:FFFF:FFFF", "2001:0db8:0000:0000::/64"],
    ["2001:db8:0:1::1", "2001:0db8:0000:0001::/64"],
    ["2001:db8:aa:bb:cc:dd:ee:ff", "2001:0db8:00aa:00bb::/64"],
    ["2001:db8:1:2:3::", "2001:0db8:0001:0002::/64"],
    ["2001:db8:1:2:3:4:5::", "2001:0db8:0001:0002::/64"],
    ["::2001:db8:1:2:3:4:5", "0000:2001:0db8:0001::/64"],
    ["::1", "0000:0000:0000:0000::/64"],
    ["::", "0000:0000:0000:0000::/64"],
    ["fe80::1:2:3:4", "fe80:0000:0000:0000::/64"],
    // An IPv4 tail in another network is an IPv6 address like any other.
    ["64:ff9b::192.0.2.33", "0064:ff9b:0000:0000::/64"],
    // IPv4-mapped IPv6 is the IPv4 client, in either spelling.
    ["::ffff:1.2.3.4", "1.2.3.4"],
    ["::FFFF:1.2.3.4", "1.2.3.4"],
    ["::ffff:0102:0304", "1.2.3.4"],
    ["0:0:0:0:0:ffff:203.0.113.9", "203.0.113.9"],
    // Not an address.
    [undefined, UNKNOWN],
    ["", UNKNOWN],
    ["unknown", UNKNOWN],
    ["x".repeat(400), UNKNOWN],
    ["1.2.3.4, 5.6.7.8", UNKNOWN],
    ["<script>", UNKNOWN],
    ["1.2.3", UNKNOWN],
    ["1.2.3.4.5", UNKNOWN],
    ["256.1.1.1", UNKNOWN],
    ["01.2.3.4", UNKNOWN],
    ["1.2.3.4:443", UNKNOWN],
    ["2001:db8::1::2", UNKNOWN],
    [":::", UNKNOWN],
    ["2001:db8:1:2:3:4:5", UNKNOWN],
    ["2001:db8:1:2:3:4:5:6:7", UNKNOWN],
    ["1:2:3:4:5:6:7:8::", UNKNOWN],
    ["2001:db8::12345", UNKNOWN],
    ["2001:db8::g", UNKNOWN],
    [":2001:db8::1", UNKNOWN],
    ["2001:db8::1:", UNKNOWN],
    ["2001:db8::1.2.3.4:5", UNKNOWN],
    ["1.2.3.4::", UNKNOWN],
    ["fe80::1%eth0", UNKNOWN],
    ["[2001:db8::1]", UNKNOWN],
    ["2001:db8::/64", UNKNOWN],
    // The old test helper's shape: six groups, the last one twelve digits long.
    ["2001:db8:1234:4abc:89ab:0123456789ab", UNKNOWN],
  ])("%j → %j", (text, key) => {
    expect(clientAddressKey(text)).toBe(key);
  });

  it("gives every address of one /64 one key, and the next /64 another", () => {
    const spellings = ["2001:db8:a:b::1", "2001:0DB8:000A:000B:ffff:0:0:1", "2001:db8:a:b:1:2:3:4"];
    expect(new Set(spellings.map(clientAddressKey))).toEqual(new Set(["2001:0db8:000a:000b::/64"]));
    expect(clientAddressKey("2001:db8:a:c::1")).not.toBe(clientAddressKey("2001:db8:a:b::1"));
  });

  it("keys are short and printable, whatever came in", () => {
    for (const text of ["ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255", "255.255.255.255", "\u0000::1"]) {
      expect(clientAddressKey(text)).toMatch(/^[0-9a-z.:/]{1,24}$/);
    }
  });
});
