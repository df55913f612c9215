import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t, uiLocale } from '../i18n/t';

export interface Tab<K extends string> {
  key: K;
  label: string;
  content: () => ReactNode;
}

/**
 * Sections of one screen behind a row of toggle buttons (aria-pressed): one panel shown at a time. Each panel names
 * itself (a <section aria-label>), so the buttons need no ids to point at it. Past the first `inRow` sections the
 * rest sit behind a *More* button (a disclosure, as MetaMask's and Rabby's menus open), so the row fits the popup's
 * 360 px however many sections there are; the button reads as the section shown when it is one of those. The menu
 * closes on a choice, on Escape, on a press elsewhere and when the focus moves out of it (a click on a
 * button does not focus it in every browser, so a blur with nowhere to go does not close it).
 */
export function Tabs<K extends string>({ tabs, selected, onSelect, label, inRow = tabs.length }: {
  tabs: Tab<K>[]; selected: K; onSelect(key: K): void; label: string; inRow?: number;
}) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => { if (!menu.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];
  // The sections' name inside a sentence: "More sections".
  const sections = label.toLocaleLowerCase(uiLocale());
  const more = tabs.slice(inRow);
  const shownInMore = more.includes(current);
  const toggle = (tab: Tab<K>) => (
    <button key={tab.key} type="button" aria-pressed={tab.key === current.key} onClick={() => { setOpen(false); onSelect(tab.key); }}>
      {tab.label}
    </button>
  );
  return (
    <div className="tabs">
      <div role="group" aria-label={label} className="tab-row">
        {tabs.slice(0, inRow).map(toggle)}
        {more.length > 0 && (
          <div ref={menu} className="tab-more" onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}
            onBlur={(e) => { if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) setOpen(false); }}>
            <button type="button" aria-label={t('components_moreOf', { sections })} title={t('components_moreOf', { sections })} aria-expanded={open}
              data-current={shownInMore} onClick={() => setOpen(!open)}>
              {shownInMore ? current.label : t('components_more')} <span aria-hidden="true">▾</span>
            </button>
            {open && <div role="group" aria-label={t('components_otherOf', { sections })} className="tab-menu">{more.map(toggle)}</div>}
          </div>
        )}
      </div>
      {current.content()}
    </div>
  );
}
