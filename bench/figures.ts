/** The bench's samples as figures (median, p95), printed one line each and kept for the JSON line at the end. */
export type Figures = { median: number; p95: number; n: number };

export const figures = (samples: number[]): Figures => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
  return { median: at(50), p95: at(95), n: samples.length };
};

export const results: Record<string, Figures & { ratio?: number }> = {};

/** `base`: the row it is set against, named in the ratio (`against`). */
export const report = (label: string, samples: number[], base?: Figures, against = 'the direct call'): Figures => {
  const f = figures(samples);
  results[label] = { ...f, ...(base ? { ratio: f.median / base.median } : {}) };
  const ratio = base ? `   ${(f.median / base.median).toFixed(2)}× ${against} (+${(f.median - base.median).toFixed(2)} ms)` : '';
  console.log(`${label.padEnd(44)} median ${f.median.toFixed(2).padStart(7)} ms   p95 ${f.p95.toFixed(2).padStart(7)} ms   n=${f.n}${ratio}`);
  return f;
};
