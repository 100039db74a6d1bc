import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DiagramSource } from '../../../api/flow/process';
import { detailPath, useFlowRoutes } from './flow-routes';
import { useReportFailure } from './report-failure';
import { openedFrom } from './work-lists';

/** What a process's 详情 needs to know of a row (a task or an instance). */
export interface ProcessRef {
  category: string | null;
  processInstanceId: string;
  businessId: string | null;
}

/**
 * 详情 of a process from a work list: its category's detail page (the leave request's) when the flow
 * route dictionary names one, else the diagram dialog; `diagram` is what that dialog shows.
 */
export function useProcessDetail(fromPage: string) {
  const navigate = useNavigate();
  const { routeFor } = useFlowRoutes();
  const report = useReportFailure();
  const [diagram, setDiagram] = useState<DiagramSource>();
  const openDetail = useCallback(
    async (process: ProcessRef) => {
      try {
        const route = await routeFor(process.category);
        const path = route && detailPath(route, process);
        if (path) void navigate(openedFrom(path, fromPage));
        else setDiagram({ processInstanceId: process.processInstanceId });
      } catch (error) {
        report(error);
      }
    },
    [routeFor, navigate, fromPage, report],
  );
  return { openDetail, diagram, setDiagram };
}
