import type { PlacedLink } from '../../lib/links';

export const links: readonly PlacedLink[] = [
  { place: 'new-request-hub', order: 50, key: 'faq', title: 'Foire aux questions', text: 'Les réponses aux questions les plus fréquentes.', route: 'faq' },
];
