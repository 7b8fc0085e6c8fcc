import { vi } from 'vitest';

// Mantine's autosizing textarea listens for web fonts loading; jsdom has no font set.
Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: vi.fn(), removeEventListener: vi.fn() } });
