import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no layout: React Router's scroll restoration calls window.scrollTo, which jsdom lacks
// and reports as an error on every navigation. Scrolling has nothing to assert here.
window.scrollTo = () => undefined;
