import net from 'node:net';

/** Our agreed range for anything the tests start on this machine. */
const RANGE = { from: 18300, to: 18399 };

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

const handedOut = new Set<number>();

/**
 * A loopback port nobody listens on: `preferred` when free, else the next free one up to 18399, else
 * one the system picks. A port is handed out once per process, so two callers never get the same one.
 */
export async function freePort(preferred: number): Promise<number> {
  for (let port = preferred; port <= RANGE.to; port++) {
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
