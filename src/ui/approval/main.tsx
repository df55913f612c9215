// First: the wallet state is asked for while React loads.
import '../stores/firstState';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(<App />);
