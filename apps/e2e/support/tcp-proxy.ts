import net from 'node:net';

/**
 * A TCP proxy the test controls, put between a server instance and its PostgreSQL: `cut()` drops every
 * connection and refuses new ones (the database is unreachable, as when it is stopped or the network
 * fails), `restore()` accepts again on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  get isUp(): boolean {
    return this.server !== null;
  }

  async listen(port: number): Promise<this> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host: '127.0.0.1' }, () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this;
  }

  /** Drops every open connection and stops accepting: connections to the port are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  async restore(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  close(): Promise<void> {
    return this.cut();
  }
}
