/**
 * The key a limit counts a visitor by: the IPv4 address, or the IPv6 /64, since one IPv6
 * subscriber usually holds a whole /64 (billions of addresses) and would otherwise get fresh
 * tries with every address.
 *
 * @example clientKey('203.0.113.7') === '203.0.113.7'
 * @example clientKey('2001:db8:a:b:1:2:3:4') === '2001:db8:a:b::/64'
 * @example clientKey('2001:db8::1') === '2001:db8:0:0::/64'
 */
export function clientKey(ip: string | undefined): string {
  const address = ip?.trim().toLowerCase() ?? ''
  if (!address.includes(':')) return address || 'unknown'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1]
  if (mapped) return mapped // an IPv4 client seen through an IPv6 socket
  const groups = expandIpv6(address)
  if (!groups) return address
  return `${groups.slice(0, 4).join(':')}::/64`
}

/**
 * The network a client is in, for a bound that rotating IPv6 /64s must not escape: the IPv4
 * address, or the IPv6 /48 (a site's usual allocation, 65,536 /64s; security review U5).
 *
 * @example networkKey('203.0.113.7') === '203.0.113.7'
 * @example networkKey('2001:db8:a:b:1:2:3:4') === '2001:db8:a::/48'
 */
export function networkKey(ip: string | undefined): string {
  const client = clientKey(ip)
  const groups = client.endsWith('::/64') ? client.slice(0, -'::/64'.length).split(':') : null
  return groups ? `${groups.slice(0, 3).join(':')}::/48` : client
}

/** The eight groups of an IPv6 address without leading zeros, or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const [head = '', tail, extra] = address.split('::')
  if (extra !== undefined) return null
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  // An embedded IPv4 tail (::ffff:192.0.2.1) fills the last two groups.
  const last = right.at(-1) ?? left.at(-1)
  const ipv4 = last?.includes('.') ? 1 : 0
  const missing = 8 - left.length - right.length - ipv4
  if (tail === undefined ? missing !== 0 : missing < 0) return null
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right]
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g) || g.includes('.'))) return null
  return groups.map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')))
}
