// Runs this remote alone (its own dev server or static server), without the shell.
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@shambasoko/shared/standalone';
import routes from './routes';
import './styles.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StandaloneApp name="legal" routes={routes} />);
