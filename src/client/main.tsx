import './lib/zod-config.ts';
import './lib/style-nonce.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadFirstScreen } from './app.tsx';
import { ToastHost } from './components/ui/toast-host.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Renders once the first screen's code is there when that is the sign-in page (see loadFirstScreen);
// at once otherwise.
void loadFirstScreen(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
      <ToastHost />
      <UpdatePrompt />
    </StrictMode>,
  ),
);
