/**
 * Several Atende nodes on one machine: N server processes on consecutive ports, one database
 * (MONGODB_URI, or an embedded engine started here for all of them) and one Redis, sharing one
 * data dir (media and the local secrets). Used by `npm run cluster` and the cluster benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startEmbeddedEngine, type EmbeddedEngine } from '../../server/src/platform/database/embeddedEngine.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface ClusterNode {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

export interface Cluster {
  nodes: ClusterNode[];
  /** The MongoDB URI the nodes share. */
  uri: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  nodes: number;
  /** The first node's port; the others follow. */
  firstPort: number;
  dataDir: string;
  redisUrl: string;
  /** More environment for every node. */
  env?: Record<string, string>;
  /** Echo each node's output, prefixed with its number. */
  echo?: boolean;
}

/** Resolves once the node answers its health route (it has listened: the first start's data is written). */
async function started(node: ClusterNode, timeoutMs = 90_000): Promise<void> {
  const since = Date.now();
  for (;;) {
    const healthy = await fetch(`http://127.0.0.1:${node.port}/api/health`).then((answer) => answer.ok, () => false);
    if (healthy) return;
    if (Date.now() - since > timeoutMs || node.child.exitCode !== null) throw new Error(`node on port ${node.port} did not start:\n${node.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  let engine: EmbeddedEngine | null = null;
  let uri = process.env.MONGODB_URI;
  if (!uri) {
    // Its lines go to stderr: stdout is the benchmark's JSON.
    const say = (message: string) => process.stderr.write(`${message}\n`);
    engine = await startEmbeddedEngine({ dataDir: options.dataDir, logger: { info: say, warn: say, error: say } });
    uri = engine.uri;
  }
  const spawnNode = (index: number): ClusterNode => {
    const port = options.firstPort + index;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        MONGODB_URI: uri,
        ATENDE_REDIS_URL: options.redisUrl,
        ATENDE_DATA_DIR: options.dataDir,
        ...(engine ? { ATENDE_FERRETDB_POSTGRES_URL: engine.postgres.url } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        // What a long run printed is not kept beyond what tells that the node started.
        if (output.length < 200_000) output += text;
        if (options.echo) process.stdout.write(text.replace(/^(?=.)/gm, `[node ${index + 1}] `));
      });
    }
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { port, child, exited, output: () => output };
  };
  const nodes: ClusterNode[] = [];
  const stop = async () => {
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.exited));
    await engine?.stop();
  };
  try {
    // The first one alone: it creates the database, its indexes and the first start's data.
    nodes.push(spawnNode(0));
    await started(nodes[0]!);
    nodes.push(...Array.from({ length: options.nodes - 1 }, (_, i) => spawnNode(i + 1)));
    await Promise.all(nodes.map((node) => started(node)));
  } catch (err) {
    await stop();
    throw err;
  }
  return { nodes, uri, stop };
}
