// `npm audit --omit=dev`: no high or critical advisory in what production installs. Exit 0: none;
// 1: some, listed; 3: the registry's audit endpoint could not be reached (or answered no report),
// printed as SKIPPED, which the caller must count as a skip, never as a pass.
import { spawnSync } from 'node:child_process';

const AUDIT_SKIPPED = 3;

type Report = {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
  message?: string;
  statusCode?: number;
};

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report: Report | undefined;
try {
  report = JSON.parse(result.stdout) as Report;
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why = report?.message ?? result.error?.message ?? (result.stderr.trim().split('\n').at(-1) || 'no report');
  console.log(
    `SKIPPED: npm audit --omit=dev could not get a report from the registry's audit endpoint (${why}). Dependencies were NOT checked.`,
  );
  process.exit(AUDIT_SKIPPED);
}
const serious = Object.entries(report?.vulnerabilities ?? {}).filter(([, v]) => v.severity === 'high' || v.severity === 'critical');
if (serious.length) {
  for (const [name, v] of serious) console.log(`${v.severity}: ${name}`);
  console.log(`npm audit --omit=dev: ${serious.length} package(s) with a high or critical advisory.`);
  process.exit(1);
}
console.log(`npm audit --omit=dev: no high or critical advisory (${JSON.stringify(counts)}).`);
