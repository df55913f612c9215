/** Placeholder lines while something loads; announced as busy. */
export function Skeleton({ label, lines = 2 }: { label: string; lines?: number }) {
  return (
    <div aria-busy="true" aria-label={label} className="card">
      {Array.from({ length: lines }, (_, i) => <div key={i} className="skeleton" style={{ width: `${90 - i * 25}%` }} />)}
    </div>
  );
}
