/** Placeholder lines while something loads: a status, named and busy (a plain div may not carry a name). */
export function Skeleton({ label, lines = 2 }: { label: string; lines?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="card">
      {Array.from({ length: lines }, (_, i) => <div key={i} className="skeleton" style={{ width: `${90 - i * 25}%` }} />)}
    </div>
  );
}
