import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as reportApi from '../../../api/report/report';

/** The data sets and their fields in the current language (the server labels them). */
export function useDataSets() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['report', 'data-sets', i18n.language],
    queryFn: reportApi.dataSets,
    staleTime: 5 * 60_000,
  });
}
