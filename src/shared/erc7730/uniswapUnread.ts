/**
 * A Uniswap plan's steps in words the wallet makes (uniswapPlan.ts reads the plan): each step's place, and why the
 * wallet does not read one, in English for the worker and as words the screen says in the browser's language.
 */
import { counted, phrase, type Phrase } from '../dangerPhrases';

/** "Command 2", or below `outer` "Command 2 › Action 1". */
export function stepPlace(noun: 'Command' | 'Action', index: number, outer?: Phrase): Phrase {
  const own = phrase(`${noun} ${index + 1}`, noun === 'Command' ? 'dangers_stepCommand' : 'dangers_stepAction', { number: String(index + 1) });
  return outer ? phrase(`${outer.text} › ${own.text}`, 'dangers_stepWithin', { outer: outer.words, step: own.words }) : own;
}

/** PositionManager's actions as one step, when they are not encoded as it reads them. */
export const ALL_ACTIONS = phrase('Actions', 'dangers_stepActions');

export const UNKNOWN = phrase('a command the wallet does not know', 'dangers_unreadUnknown');
export const NO_WORDS = phrase('a command the wallet has no words for', 'dangers_unreadNoWords');
export const BAD_INPUT = phrase('its input is not encoded as this command reads it', 'dangers_unreadBadInput');
export const BAD_PATH = phrase('its swap path is not one whole number of pools', 'dangers_unreadBadPath');
export const BAD_ACTIONS = phrase('its actions are not encoded as PositionManager reads them', 'dangers_unreadBadActions');
export const PAST_BUDGET = phrase('past the number of steps the wallet reads for one request', 'dangers_unreadPastBudget');

export function extraBytes(size: number): Phrase {
  const bytes = counted(size, 'byte');
  return phrase(`its input has ${bytes.text} after its arguments`, 'dangers_unreadExtraBytes', { bytes: bytes.words });
}

export function unpaired(actions: number, inputs: number): Phrase {
  const [a, i] = [counted(actions, 'action'), counted(inputs, 'input')];
  return phrase(`its ${a.text} come with ${i.text}`, 'dangers_unreadActionsMismatch', { actions: a.words, inputs: i.words });
}
