import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ImageRefusal, ImageRefused, type ProcessedImage } from './image-variants.ts';

type Reply = { id: number; ok: true; image: ProcessedImage } | { id: number; ok: false; refusal?: ImageRefusal; message: string };
type Pending = { resolve: (image: ProcessedImage) => void; reject: (error: Error) => void };

/** The lowest CPU priority: on two cores the visitors' requests go first, the picture waits. */
const WORKER_NICE = 19;

/**
 * Makes uploads' variants in a process of its own (image-worker-main.ts) at the lowest CPU
 * priority: a 50-megapixel picture takes a core for a second and some hundred MB, which then come
 * from the worker, never from the event loop and memory that answer visitors. Started at the first
 * upload, again after it dies (a decoder crash fails that upload only); `close` stops it.
 */
export function createImageWorker() {
  let child: ChildProcess | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const start = (): ChildProcess => {
    // Of the server's own flags only the one a Node that does not strip types by default needs: a
    // test runner's loaders and an inspector's port are not the worker's.
    const execArgv = process.execArgv.filter((flag) => flag === '--experimental-strip-types');
    const started = fork(fileURLToPath(new URL('./image-worker-main.ts', import.meta.url)), [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (started.pid) setPriority(started.pid, WORKER_NICE);
    } catch {
      // A system that refuses the priority still gets the work done, at the normal priority.
    }
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) {
        // Structured clone hands Buffers back as Uint8Arrays: the database drivers want Buffers.
        const variants = reply.image.variants.map((v) => ({
          ...v,
          bytes: Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength),
        }));
        waiting.resolve({ ...reply.image, variants });
      } else waiting.reject(reply.refusal ? new ImageRefused(reply.refusal) : new Error(`image worker: ${reply.message}`));
    });
    started.on('exit', () => {
      if (child === started) child = undefined;
      for (const waiting of pending.values()) waiting.reject(new Error('the image worker stopped'));
      pending.clear();
    });
    // An idle worker keeps no server (or test run) from ending.
    started.unref();
    started.channel?.unref();
    return started;
  };

  return {
    /** The variants of one upload; rejects with ImageRefused for what makeImageVariants refuses. */
    process(bytes: Buffer): Promise<ProcessedImage> {
      const worker = (child ??= start());
      const id = nextId++;
      return new Promise<ProcessedImage>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.send({ id, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
      });
    },
    close() {
      child?.kill();
      child = undefined;
    },
  };
}
export type ImageWorker = ReturnType<typeof createImageWorker>;
