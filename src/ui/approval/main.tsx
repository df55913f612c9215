import { createRoot } from 'react-dom/client';
import { firstState } from '../stores/firstState';
import { App } from './App';

// Rendered once the first state is in the store (wallet.ts took it first): until then the first paint stays, rather
// than an empty screen over it.
void firstState.finally(() => createRoot(document.getElementById('root')!).render(<App />)).catch(() => undefined);
