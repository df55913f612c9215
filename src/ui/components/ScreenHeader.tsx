import { useRoute } from '../stores/route';

/** A sub-screen's title with a Back button to Home. */
export function ScreenHeader({ title }: { title: string }) {
  const go = useRoute((s) => s.go);
  return (
    <header className="screen-header">
      <button type="button" className="icon" aria-label="Back" onClick={() => go('home')}>←</button>
      <h1>{title}</h1>
    </header>
  );
}
