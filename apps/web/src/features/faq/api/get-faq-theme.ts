import type { TFaqThemeContent } from '@mutua/contracts/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/faq/{category}/{theme} (public): the questions of a theme; 404 with the spec's « indisponible » messages. */
export const getFaqTheme = (category: string, theme: string, signal?: AbortSignal) =>
  api.get<TFaqThemeContent>(`/faq/${encodeURIComponent(category)}/${encodeURIComponent(theme)}`, { signal });

export const faqThemeQueryOptions = (category: string, theme: string) =>
  queryOptions({ queryKey: ['faq', category, theme], queryFn: ({ signal }) => getFaqTheme(category, theme, signal), staleTime: 5 * 60_000, retry: false });

export const useFaqTheme = (category: string, theme: string, config: QueryConfig<typeof faqThemeQueryOptions> = {}) =>
  useQuery({ ...faqThemeQueryOptions(category, theme), ...config });
