// Volumes of the issue 13/14 benchmarks' data (bench/seed-dashboard.ts): the issues' sizes, or a fraction of them
// with BENCH_PEOPLE_SCALE (e.g. 0.05 for a quick check of the scenarios on a small machine; default 1, and only
// the default gives the figures to report).
const scale = Number(process.env.BENCH_PEOPLE_SCALE ?? 1);
if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_PEOPLE_SCALE must be a number in (0, 1]');
const scaled = (n: number) => Math.max(1, Math.round(n * scale));

/** What seed-dashboard.ts writes in the Demo client (and the applicants in Acme). */
export const PEOPLE_VOLUMES = {
  /** The fraction of the issues' volumes. */
  scale,
  members: scaled(20_000),
  ledgerRows: scaled(500_000),
  shares: scaled(50_000),
  clicks: scaled(1_000_000),
  participations: scaled(50_000),
  applicants: scaled(20_000),
};
