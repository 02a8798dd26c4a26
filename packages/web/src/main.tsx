// Browser entry point: loads the styles, sets the plain favicon and mounts the app into #root.
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setFavicon } from './shell/alerts.js';
import { registerServiceWorker } from './shell/app-update.js';
import './styles.css';

setFavicon(false);
createRoot(document.getElementById('root')!).render(<App />);

// The built app keeps its files for use offline and tells the player when a new version is ready.
registerServiceWorker();
