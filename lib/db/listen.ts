// Listening for NOTIFY. PostgreSQL: a connection of its own (a pooled one would be handed to others), kept for good:
// opened again, with a growing wait, whenever it errors, closes or goes silent. Silence is found by a heartbeat: the
// connection sends itself a NOTIFY and expects it back; TCP keepalive backs it up. PGlite: its one connection, in
// process, which cannot be lost.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { env } from '../env';
import { embeddedConnection } from './client';
import { BUS_HEARTBEAT_MS, BUS_HEARTBEAT_TIMEOUT_MS, LISTEN_KEEPALIVE_MS, LISTEN_RECONNECT_MAX_MS, LISTEN_RECONNECT_MS } from '../constants/cache';

export interface ListenTimings {
  /** the first wait before a lost connection is opened again; it doubles with each failed try */
  reconnectMs: number;
  reconnectMaxMs: number;
  /** TCP keepalive's first probe after this much silence */
  keepAliveMs: number;
  /** how often the connection sends itself a heartbeat */
  heartbeatMs: number;
  /** a heartbeat not back within this long: the connection is dropped and opened again */
  heartbeatTimeoutMs: number;
}

export const LISTEN_TIMINGS: ListenTimings = {
  reconnectMs: LISTEN_RECONNECT_MS,
  reconnectMaxMs: LISTEN_RECONNECT_MAX_MS,
  keepAliveMs: LISTEN_KEEPALIVE_MS,
  heartbeatMs: BUS_HEARTBEAT_MS,
  heartbeatTimeoutMs: BUS_HEARTBEAT_TIMEOUT_MS,
};

/** How the listening connection is named in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'sahyog-listener';

export interface ListenOptions {
  /** the connection listens: `again` when it is one opened after a lost one (what was said in between was missed) */
  up?: (again: boolean) => void;
  /** the connection was lost, and why; another is being opened */
  down?: (reason: string) => void;
  timings?: Partial<ListenTimings>;
  /** where to listen on PostgreSQL (DATABASE_URL unless given): LISTEN needs PostgreSQL itself, never a transaction pooler */
  connectionString?: string;
}

/**
 * Calls back with each NOTIFY on this channel, from any process, until the returned function is called. Answers once
 * the first connection listens; it fails when that first connection cannot be opened.
 */
export async function listen(channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}): Promise<() => Promise<void>> {
  const embedded = options.connectionString ? null : await embeddedConnection();
  if (embedded) {
    const unlisten = await embedded.listen(channel, onPayload);
    options.up?.(false);
    return unlisten;
  }
  const connectionString = options.connectionString ?? env().DATABASE_URL;
  if (!connectionString) throw new Error('No PostgreSQL to listen on: DATABASE_URL is not set.');
  return listenOnPostgres(connectionString, channel, onPayload, options, { ...LISTEN_TIMINGS, ...options.timings });
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function listenOnPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void, events: ListenOptions, t: ListenTimings): Promise<() => Promise<void>> {
  const { Client } = await import('pg');
  // the heartbeat's own channel, so no other listener hears it
  const beatChannel = `${channel}_beat_${randomBytes(6).toString('hex')}`;
  let stopped = false;
  let everListened = false;
  let failedTries = 0;
  let retry: NodeJS.Timeout | undefined;
  let current: { close: (reason: string) => Promise<void> } | null = null;

  const open = async (): Promise<void> => {
    // our own socket: a silent one is destroyed at once, where pg's end() would wait for an answer that never comes
    const socket = new net.Socket();
    const client = new Client({ connectionString, stream: () => socket, keepAlive: true, keepAliveInitialDelayMillis: t.keepAliveMs, application_name: LISTENER_APPLICATION_NAME });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    let listening = false;
    let ended = false;
    // the heartbeat's interval, and the wait for the one in flight
    const timers: { beat?: NodeJS.Timeout; awaited?: NodeJS.Timeout } = {};
    const close = async (reason: string) => {
      if (!ended) {
        ended = true;
        clearInterval(timers.beat);
        clearTimeout(timers.awaited);
        socket.destroy();
        if (listening) {
          listening = false;
          current = null;
          if (!stopped) events.down?.(reason);
          reopen();
        }
      }
      await closed;
    };
    client.on('error', (error) => void close(error.message));
    client.on('end', () => void close('the connection closed'));
    client.on('notification', (n) => {
      if (n.channel === beatChannel) {
        clearTimeout(timers.awaited);
        timers.awaited = undefined;
      } else if (n.channel === channel) onPayload(n.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoted(channel)}; LISTEN ${quoted(beatChannel)}`);
    } catch (error) {
      void close((error as Error).message);
      throw error;
    }
    if (ended) throw new Error('The listening connection closed as it opened.');
    if (stopped) return void close('stopped');
    listening = true;
    current = { close };
    failedTries = 0;
    timers.beat = setInterval(() => {
      // one heartbeat in flight at a time: the wait is counted from the first one unanswered
      if (timers.awaited) return;
      timers.awaited = setTimeout(() => void close(`no heartbeat back within ${t.heartbeatTimeoutMs} ms`), t.heartbeatTimeoutMs);
      client.query(`NOTIFY ${quoted(beatChannel)}`).catch(() => {});
    }, t.heartbeatMs);
    events.up?.(everListened);
    everListened = true;
  };

  const reopen = () => {
    if (stopped) return;
    const wait = Math.min(t.reconnectMaxMs, t.reconnectMs * 2 ** failedTries);
    failedTries++;
    retry = setTimeout(() => void open().catch(reopen), wait);
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.close('stopped');
  };
}
