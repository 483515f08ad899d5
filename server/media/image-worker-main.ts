import { ImageRefused, makeImageVariants } from './image-variants.ts';

// The image worker's process (server/media/image-worker.ts forks it at the lowest CPU priority):
// it makes one upload's variants per message, so decoding a large picture never takes the CPU
// time or the memory of the process that answers visitors.
type Job = { id: number; bytes: Uint8Array };

process.on('message', (job: Job) => {
  void makeImageVariants(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength)).then(
    (image) => process.send?.({ id: job.id, ok: true, image }),
    (error: unknown) =>
      process.send?.({
        id: job.id,
        ok: false,
        refusal: error instanceof ImageRefused ? error.reason : undefined,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
// The server went away (stopped, or killed outright): so does its worker.
process.on('disconnect', () => process.exit(0));
