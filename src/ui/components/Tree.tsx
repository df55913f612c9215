/** A JSON value as a nested list, every key and value shown as text. */
export function Tree({ value }: { value: unknown }) {
  if (typeof value !== 'object' || value === null) return <span className="mono">{String(value)}</span>;
  return (
    <ul>
      {Object.entries(value).map(([key, child]) => (
        <li key={key}>
          <strong>{key}</strong>: <Tree value={child} />
        </li>
      ))}
    </ul>
  );
}
