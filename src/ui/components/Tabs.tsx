import type { ReactNode } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
  content: () => ReactNode;
}

/**
 * Sections of one screen behind a row of toggle buttons (aria-pressed): one panel shown at a time. Each panel names
 * itself (a <section aria-label>), so the buttons need no ids to point at it.
 */
export function Tabs<K extends string>({ tabs, selected, onSelect, label }: { tabs: Tab<K>[]; selected: K; onSelect(key: K): void; label: string }) {
  const current = tabs.find((t) => t.key === selected) ?? tabs[0];
  return (
    <div className="tabs">
      <div role="group" aria-label={label} className="tab-row">
        {tabs.map((tab) => (
          <button key={tab.key} type="button" aria-pressed={tab.key === current.key} onClick={() => onSelect(tab.key)}>
            {tab.label}
          </button>
        ))}
      </div>
      {current.content()}
    </div>
  );
}
