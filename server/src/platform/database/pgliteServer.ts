// The worker thread that owns an embedded PGlite and serves it over the PostgreSQL wire protocol on a
// Unix socket, so the server's main thread talks to it with `pg` like to PostgreSQL and a slow query
// no longer blocks the event loop. Started by pgliteHost.ts.
//
// PGlite is one session, and the `pg` pool opens several connections to it. This is a multiplexer
// in the manner of PgBouncer's transaction mode: a connection's messages run up to its Sync (or
// simple Query) without another connection's in between, and while a transaction is open only that
// connection is served. (@electric-sql/pglite-socket's own multiplexer hands the session over
// between single messages, which lets two connections' Parse/Bind interleave on the unnamed
// statement.) Session state is therefore shared: clients must not use SET, which neither Prisma's
// adapter nor migrate.ts do. Named statements are shared too (see `PreparedStatements`): each pooled
// connection prepares a name once, as with PostgreSQL, and PGlite parses and plans it once in all.
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
const PARSE = 0x50; // 'P'
const CLOSE = 0x43; // 'C'
const PARSE_COMPLETE = 0x31; // '1'
const ERROR_RESPONSE = 0x45; // 'E'
const READY_FOR_QUERY = 0x5a; // 'Z'
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);
const PARSE_COMPLETE_MESSAGE = new Uint8Array([PARSE_COMPLETE, 0, 0, 0, 4]);

/** A run of a batch's messages for PGlite: its Parses in order (null for the unnamed statement) and the names it closes. */
interface Run {
  run: Buffer;
  parses: ({ name: string; text: string } | null)[];
  closes: string[];
}

/** A run for PGlite, or the answer to a Parse PGlite has prepared already. */
type Step = Run | { parseComplete: true };

/** The message types of a stream of backend (or frontend, after startup) messages, in order. */
function messageTypes(bytes: Buffer): number[] {
  const types: number[] = [];
  for (let at = 0; at + 5 <= bytes.length; at += 1 + bytes.readInt32BE(at + 1)) types.push(bytes[at]!);
  return types;
}

/** A NUL-terminated string at `at`, and where the next field starts. */
function cString(bytes: Buffer, at: number): { value: string; next: number } {
  const end = bytes.indexOf(0, at);
  const stop = end === -1 ? bytes.length : end;
  return { value: bytes.toString('utf8', at, stop), next: stop + 1 };
}

/**
 * The named statements prepared in PGlite's one session, by name, with their text. Every pooled
 * connection prepares its statements (Parse) on its first use of them, as a PostgreSQL connection
 * must; here they share one session, where a second Parse of a name would fail. So a Parse of a name
 * prepared already with the same text is answered here (ParseComplete) and never reaches PGlite,
 * which parses and plans the statement once for all connections. A name is recorded when PGlite
 * answered its Parse, and forgotten when a Close of it is run. Names are derived from the text
 * (statements.ts), so one name never stands for two texts; if it did, PGlite's error would say so.
 */
class PreparedStatements {
  private readonly texts = new Map<string, string>();

  /** The batch as steps: runs of messages for PGlite, between Parses answered here. */
  steps(bytes: Buffer): Step[] {
    const steps: Step[] = [];
    let run: Omit<Run, 'run'> & { start: number } = { start: 0, parses: [], closes: [] };
    const endRun = (end: number) => {
      if (end > run.start) steps.push({ run: bytes.subarray(run.start, end), parses: run.parses, closes: run.closes });
    };
    for (let at = 0; at + 5 <= bytes.length;) {
      const type = bytes[at]!;
      const next = at + 1 + bytes.readInt32BE(at + 1);
      if (type === PARSE) {
        const name = cString(bytes, at + 5);
        const text = cString(bytes, name.next).value;
        if (name.value !== '' && this.texts.get(name.value) === text) {
          endRun(at);
          steps.push({ parseComplete: true });
          run = { start: next, parses: [], closes: [] };
        } else run.parses.push(name.value === '' ? null : { name: name.value, text });
      } else if (type === CLOSE && bytes[at + 5] === SYNC) {
        run.closes.push(cString(bytes, at + 6).value);
      }
      at = next;
    }
    endRun(bytes.length);
    return steps;
  }

  /** Whether a run's messages need its output read (`ran`): it prepares or closes named statements. */
  watches(step: Run): boolean {
    return step.closes.length > 0 || step.parses.some((parse) => parse !== null);
  }

  /**
   * Reads a run's output: its Parses that PGlite answered are prepared (in order), its Closes are
   * gone. Answers whether the exchange is failed after it (an error not yet ended by ReadyForQuery).
   */
  ran(step: Run, output: Buffer[], failedBefore: boolean): boolean {
    let failed = failedBefore;
    let parsed = 0;
    for (const type of messageTypes(Buffer.concat(output))) {
      if (type === ERROR_RESPONSE) failed = true;
      else if (type === READY_FOR_QUERY) failed = false;
      else if (type === PARSE_COMPLETE) {
        const parse = step.parses[parsed++];
        if (parse) this.texts.set(parse.name, parse.text);
      }
    }
    for (const name of step.closes) this.texts.delete(name);
    return failed;
  }
}

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

  const statements = new PreparedStatements();
  let owner: Connection | undefined;
  const connections = new Set<Connection>();
  /** Connections with bytes not yet run, in arrival order. */
  const waiting = new Set<Connection>();
  let running = false;

  function run(bytes: Buffer, onRawData: (chunk: Uint8Array) => void): Promise<void> {
    return db.runExclusive(() => db.execProtocolRawStream(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { onRawData }));
  }

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
    const write = (chunk: Uint8Array) => {
      if (!socket.destroyed) socket.write(chunk);
    };
    socket.cork();
    try {
      if (batch.startup) await run(batch.bytes, write);
      else {
        // After an error, PostgreSQL skips the messages up to Sync: a Parse answered here is skipped too.
        let failed = false;
        const steps = statements.steps(batch.bytes);
        // A run before a Parse answered here must be watched: its error would mean that Parse is skipped.
        const lastAnswered = steps.findLastIndex((step) => 'parseComplete' in step);
        for (const [index, step] of steps.entries()) {
          if ('parseComplete' in step) {
            if (!failed) write(PARSE_COMPLETE_MESSAGE);
            continue;
          }
          if (!statements.watches(step) && index > lastAnswered) {
            await run(step.run, write);
            continue;
          }
          // Copied: PGlite may reuse a chunk's memory once its callback returns.
          const output: Buffer[] = [];
          await run(step.run, (chunk) => {
            output.push(Buffer.from(chunk));
            write(chunk);
          });
          failed = statements.ran(step, output, failed);
        }
      }
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
