import { useQuery } from '@tanstack/react-query';
import { fetchCaptcha } from '../../api/auth';

/**
 * The current captcha while the sign-in page is open. A captcha is good for one attempt, so it is
 * never reused from the cache: leaving the page drops it, and `refresh()` fetches a new one.
 */
export function useCaptcha(enabled: boolean) {
  const query = useQuery({
    queryKey: ['captcha'],
    queryFn: fetchCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
  return {
    captcha: query.data,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => void query.refetch(),
  };
}
