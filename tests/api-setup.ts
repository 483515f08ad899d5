import { afterAll } from 'vitest';
import { closeRareTestDbs } from './harness.ts';

// The api project's workers run file after file in one process (vitest.config.ts): after each
// file, the PGlite instances of a rare kind (a clock on another day) are closed, so a worker keeps
// only the instances most files reuse.
afterAll(closeRareTestDbs);
