import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Home } from './routes/home';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Home />
    </StrictMode>,
  );
}
