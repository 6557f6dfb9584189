import './lib/zod-config.ts';
import './lib/style-nonce.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { ToastHost } from './components/ui/toast-host.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
    <ToastHost />
  </StrictMode>,
);
