import './lib/zod-config';
import './lib/style-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ToastHost } from './components/ui/toast-host';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
    <ToastHost />
  </StrictMode>,
);
