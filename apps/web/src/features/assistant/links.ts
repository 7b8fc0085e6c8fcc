import type { PlacedLink } from '../../lib/links';

export const links: readonly PlacedLink[] = [
  {
    place: 'new-request-hub',
    order: 60,
    key: 'chatbot',
    title: 'Chatbot 24h/24, 7j/7',
    text: 'Une réponse immédiate à vos questions, à toute heure, et un conseiller si besoin.',
    route: 'assistant',
  },
];
