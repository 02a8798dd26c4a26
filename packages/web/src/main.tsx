// Browser entry point: loads the styles, sets the plain favicon and mounts the app into #root.
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setFavicon } from './shell/alerts.js';
import './styles.css';

setFavicon(false);
createRoot(document.getElementById('root')!).render(<App />);
