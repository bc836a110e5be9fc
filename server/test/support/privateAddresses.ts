/**
 * Every way the SSRF tests write an address the server must never call for a company: loopback
 * in each IPv4 notation WHATWG URL parsing accepts (decimal, octal, hex, short), IPv6 with IPv4
 * inside (mapped, compatible, NAT64, 6to4), localhost names, private, CGNAT, link-local (the cloud
 * metadata address), unique-local, multicast, broadcast, reserved.
 */
export function privateForms(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/`,
    `http://2130706433:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://0x7f.0.0.1:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://127.1:${port}/`,
    `http://0:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://[::1]:${port}/`,
    `http://[::]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
    `http://[::127.0.0.1]:${port}/`,
    `http://[64:ff9b::127.0.0.1]:${port}/`,
    `http://[2002:7f00:1::1]:${port}/`,
    `http://localhost:${port}/`,
    `http://localhost.:${port}/`,
    `http://LocalHost:${port}/`,
    `http://api.localhost:${port}/`,
    `https://127.0.0.1:${port}/`,
    `http://10.0.0.1:${port}/`,
    `http://172.16.5.4:${port}/`,
    `http://192.168.0.1:${port}/`,
    `http://100.64.0.1:${port}/`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[fe80::1]:${port}/`,
    `http://[fd00::1]:${port}/`,
    `http://[ff02::1]:${port}/`,
    `http://224.0.0.1:${port}/`,
    `http://255.255.255.255:${port}/`,
    `http://240.0.0.1:${port}/`,
    `http://192.0.2.1:${port}/`,
  ];
}

