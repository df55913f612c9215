/**
 * The approval window's first script: no React. With the wallet state asked for by its first statement, it paints
 * the waiting request's summary and buttons (skeleton.ts) and loads the React app meanwhile, which replaces that
 * paint with the request's whole screen once it renders (main.tsx).
 */
import { firstState } from '../stores/firstState';
import { paintFirst } from './skeleton';

firstState.then((state) => paintFirst(document.getElementById('root')!, state), () => undefined);
void import('./main');
