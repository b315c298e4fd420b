// The worker thread that owns an embedded PGlite and serves it over the PostgreSQL wire protocol on a
// Unix socket, so the server's main thread talks to it with `pg` like to PostgreSQL and a slow query
// no longer blocks the event loop. Started by pgliteHost.ts.
//
// PGlite is one session, and the `pg` pool opens several connections to it. This is a multiplexer
// in the manner of PgBouncer's transaction mode: a connection's messages run up to its Sync (or
// simple Query) without another connection's in between, and while a transaction is open only that
// connection is served. (@electric-sql/pglite-socket's own multiplexer hands the session over
// between single messages, which lets two connections' Parse/Bind interleave on the unnamed
// statement.) Session state is therefore shared: clients must not use SET or named statements,
// which neither Prisma's adapter nor migrate.ts do.
//
// Loaded as plain TypeScript by Node (type stripping) and as .js from dist: erasable syntax only.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

export interface PgliteServerData {
  /** 'memory://' or an absolute directory. */
  dataDir: string;
  socketPath: string;
  /** In-memory only: the tarball (from `dumpDataDir()`) to start from. */
  loadDataDir?: ArrayBuffer;
  pgliteWasmModule?: WebAssembly.Module;
  initdbWasmModule?: WebAssembly.Module;
}

export type PgliteServerRequest = { id: number; type: 'dump' } | { id: number; type: 'close' };
export type PgliteServerReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { id: number; type: 'dumped'; tarball: ArrayBuffer }
  | { id: number; type: 'closed' }
  | { id: number; type: 'error'; message: string };

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

interface Batch {
  bytes: Buffer;
  startup: boolean;
  /** Ends with Sync or Query, so PGlite answered ReadyForQuery and the session may change hands. */
  complete: boolean;
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  started = false;
  closed = false;

  readonly socket: net.Socket;

  constructor(socket: net.Socket) {
    this.socket = socket;
  }

  append(data: Buffer): void {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
  }

  /** Every complete message buffered (the startup packet alone, first). */
  take(): Batch | undefined {
    const buffer = this.buffer;
    if (!this.started) {
      if (buffer.length < 8) return undefined;
      const length = buffer.readInt32BE(0);
      if (length < 8) return this.malformed();
      if (buffer.length < length) return undefined;
      this.buffer = buffer.subarray(length);
      return { bytes: buffer.subarray(0, length), startup: true, complete: true };
    }
    let end = 0;
    let last = 0;
    while (end + 5 <= buffer.length) {
      const type = buffer[end]!;
      // Terminate goes alone: it ends this connection, and PGlite would end its one session.
      if (type === TERMINATE && end > 0) break;
      const length = buffer.readInt32BE(end + 1);
      if (length < 4) return this.malformed();
      const next = end + 1 + length;
      if (next > buffer.length) break;
      last = type;
      end = next;
      if (type === TERMINATE) break;
    }
    if (end === 0) return undefined;
    this.buffer = buffer.subarray(end);
    return { bytes: buffer.subarray(0, end), startup: false, complete: last === SYNC || last === QUERY };
  }

  private malformed(): undefined {
    this.buffer = Buffer.alloc(0);
    this.socket.destroy();
    return undefined;
  }
}

async function serve(data: PgliteServerData): Promise<void> {
  const db = await PGlite.create({
    ...(data.dataDir === 'memory://' ? {} : { dataDir: data.dataDir }),
    ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
    ...(data.pgliteWasmModule ? { pgliteWasmModule: data.pgliteWasmModule } : {}),
    ...(data.initdbWasmModule ? { initdbWasmModule: data.initdbWasmModule } : {}),
  });

  let owner: Connection | undefined;
  const connections = new Set<Connection>();
  /** Connections with bytes not yet run, in arrival order. */
  const waiting = new Set<Connection>();
  let running = false;

  async function execute(connection: Connection, batch: Batch): Promise<void> {
    if (batch.startup) {
      const code = batch.bytes.readInt32BE(4);
      if (code === SSL_REQUEST) return void connection.socket.write('N');
      if (code === CANCEL_REQUEST) return void connection.socket.destroy();
      connection.started = true;
    } else if (batch.bytes[0] === TERMINATE) {
      connection.socket.end();
      return;
    }
    const socket = connection.socket;
    socket.cork();
    try {
      await db.runExclusive(() =>
        db.execProtocolRawStream(new Uint8Array(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength), {
          onRawData: (chunk) => {
            if (!socket.destroyed) socket.write(chunk);
          },
        }),
      );
    } finally {
      socket.uncork();
    }
    owner = batch.complete && !db.isInTransaction() ? undefined : connection;
  }

  /** A connection that left mid-transaction: end its extended-protocol exchange, roll back, free the session. */
  async function abandon(): Promise<void> {
    owner = undefined;
    await db.runExclusive(() => db.execProtocolRaw(SYNC_MESSAGE));
    if (db.isInTransaction()) await db.exec('ROLLBACK');
  }

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (;;) {
        if (owner?.closed) await abandon().catch(() => undefined);
        let connection: Connection | undefined;
        let batch: Batch | undefined;
        if (owner) {
          connection = owner;
          batch = owner.take();
        } else {
          for (const candidate of waiting) {
            waiting.delete(candidate);
            batch = candidate.take();
            if (batch) {
              connection = candidate;
              break;
            }
          }
        }
        if (!connection || !batch) break;
        try {
          await execute(connection, batch);
        } catch {
          // PGlite failed outside SQL (SQL errors are answered in the protocol): drop this client,
          // and roll back whatever it left open once it has gone.
          owner = connection;
          connection.socket.destroy();
        }
      }
    } finally {
      running = false;
    }
  }

  const server = net.createServer((socket) => {
    const connection = new Connection(socket);
    connections.add(connection);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      connection.append(chunk);
      waiting.add(connection);
      void pump();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      connection.closed = true;
      connections.delete(connection);
      waiting.delete(connection);
      void pump();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(data.socketPath, () => resolve());
  });

  const port = parentPort!;
  port.on('message', (request: PgliteServerRequest) => {
    void (async (): Promise<PgliteServerReply> => {
      try {
        if (request.type === 'dump') {
          const tarball = await (await db.dumpDataDir('none')).arrayBuffer();
          return { id: request.id, type: 'dumped', tarball };
        }
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const connection of connections) connection.socket.destroy();
        });
        if (!db.closed) await db.close();
        return { id: request.id, type: 'closed' };
      } catch (error) {
        return { id: request.id, type: 'error', message: error instanceof Error ? error.message : String(error) };
      }
    })().then((reply) => port.postMessage(reply, reply.type === 'dumped' ? [reply.tarball] : []));
  });
  port.postMessage({ type: 'ready' } satisfies PgliteServerReply);
}

serve(workerData as PgliteServerData).catch((error: unknown) => {
  parentPort!.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies PgliteServerReply);
});
