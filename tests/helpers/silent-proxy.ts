// A TCP relay in front of PostgreSQL that can fall silent: the connections through it stay open but nothing more
// passes either way, as when a network drops packets without closing anything (a half-open connection).
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SilentProxy {
  /** PostgreSQL's URL, through the relay */
  url: string;
  /** the connections open now stop passing anything; later ones pass as before */
  silence(): void;
  close(): Promise<void>;
}

/** A relay to this database on `port` (any free one by default). */
export async function silentProxy(databaseUrl: string, port = 0): Promise<SilentProxy> {
  const target = new URL(databaseUrl);
  const pairs: [net.Socket, net.Socket][] = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end);
    outbound.on('error', end);
    pairs.push([inbound, outbound]);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    silence: () => {
      for (const [inbound, outbound] of pairs) {
        inbound.unpipe(outbound);
        outbound.unpipe(inbound);
        inbound.pause();
        outbound.pause();
      }
    },
    close: async () => {
      for (const [inbound, outbound] of pairs.splice(0)) {
        inbound.destroy();
        outbound.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
