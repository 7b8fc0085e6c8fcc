import { vi } from 'vitest';
// Runs after @mutua/ui/test/jsdom-setup (setupFiles); imported here for its types only (jest-dom's matchers).
import type {} from '@mutua/ui/test/jsdom-setup';

// Mantine's autosizing textarea listens for web fonts loading; jsdom has no font set.
Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: vi.fn(), removeEventListener: vi.fn() } });
