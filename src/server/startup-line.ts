/** Hosts that mean "this machine" (every interface, or the loopback): the browser opens localhost. */
const THIS_MACHINE = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/**
 * The one plain line `npm start` prints before the server's JSON logs: what the app is and the
 * address to open, e.g. "Lakeside Family Collision is running: open http://localhost:5000".
 */
export function startupLine(shopName: string, host: string, port: number): string {
  const name = THIS_MACHINE.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `${shopName} is running: open http://${name}:${port}`;
}
