/**
 * Issue 42's goals (items 7–11b), each figure beside its floor measured in the same run: noted as the bench goes,
 * printed as one block at its end and kept for the JSON line.
 */
type Unit = 'ms' | '×' | 'KB' | 'MB' | '/s';

/** Either the floor measured in this run and the allowance above it, or an absolute limit. */
type Rule = { floor: number; floorIs: string; allowance: number } | { atMost: number };

export interface Goal {
  item: string;
  what: string;
  figure: number;
  unit: Unit;
  floor?: number;
  floorIs?: string;
  limit: number;
  met: boolean;
}

const ITEMS = ['7', '8', '9', '10', '11', '11b'];
export const goals: Goal[] = [];
/** Lines printed under the block: where an unmet figure's time goes. */
const notes: string[] = [];

export function goal(item: string, what: string, figure: number, unit: Unit, rule: Rule): void {
  const limit = 'atMost' in rule ? rule.atMost : rule.floor + rule.allowance;
  const floor = 'atMost' in rule ? {} : { floor: rule.floor, floorIs: rule.floorIs };
  goals.push({ item, what, figure, unit, ...floor, limit, met: figure <= limit });
}

export const goalNote = (line: string): void => void notes.push(line);

const shown = (value: number, unit: Unit) => (unit === '×' ? `${value.toFixed(2)}×` : `${value.toFixed(unit === 'MB' ? 2 : 1)} ${unit}`);

export function printGoals(): void {
  console.log('\nissue 42 goals (figure, its floor in this run, the goal, verdict)');
  const sorted = [...goals].sort((a, b) => ITEMS.indexOf(a.item) - ITEMS.indexOf(b.item));
  for (const g of sorted) {
    const floor = g.floor === undefined ? 'absolute'.padEnd(44) : `floor ${shown(g.floor, g.unit)} (${g.floorIs})`.padEnd(44);
    const verdict = g.met ? 'met' : `NOT met, ${shown(g.figure - g.limit, g.unit)} over`;
    console.log(`${g.item.padEnd(4)}${g.what.padEnd(48)} ${shown(g.figure, g.unit).padStart(10)}   ${floor} goal ≤ ${shown(g.limit, g.unit).padEnd(10)} ${verdict}`);
  }
  for (const line of notes) console.log(`    ${line}`);
}
