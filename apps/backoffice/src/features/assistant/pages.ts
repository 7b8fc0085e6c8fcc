import type { BoPage } from '../../lib/pages';
import { AssistantPage } from './assistant-page';

export const pages: readonly BoPage[] = [{ path: '/assistant', Component: AssistantPage, nav: { label: 'Assistant', order: 90 } }];
