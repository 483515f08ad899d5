import type { PartResult } from './report.ts';
import type { DbKind } from './server.ts';

export type PartContext = {
  /** The databases the server parts run on. */
  dbs: DbKind[];
  log: (line: string) => void;
};

export type PartOutput = Pick<PartResult, 'tables' | 'targets' | 'notes' | 'data'>;

export type Part = { name: string; title: string; run: (ctx: PartContext) => Promise<PartOutput> };
