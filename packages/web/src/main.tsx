// Browser entry point: loads the styles, sets the plain favicon and mounts the app into #root.
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setFavicon } from './shell/alerts.js';
import './styles.css';

setFavicon(false);
createRoot(document.getElementById('root')!).render(<App />);

// The built app keeps its files for use offline (`src/sw.js`): after one visit it opens and
// plays practice games with no network. (The dev server has no sw.js: it fails quietly.)
if ('serviceWorker' in navigator) navigator.serviceWorker.register('./sw.js').catch(() => {});
