import { RequestError } from '../../../api/request';

// The server refuses to delete a deployment while instances of it run (flow.messages.ts,
// 'flow.deployment.running': "该部署还有 {count} 个运行中的流程实例…" / "This deployment still has
// {count} running process instances…"). Its answer carries the message alone, so the refusal is
// told by its words, in either language.
const RUNNING = [/(\d+)\s*个运行中的流程实例/, /(\d+) running process instances/];

/** The running instances a refused deletion names; undefined for any other failure. */
export function runningInstancesOf(error: unknown): number | undefined {
  if (!(error instanceof RequestError) || error.code !== 400) return undefined;
  const text = error.serverMessage ?? error.message;
  for (const pattern of RUNNING) {
    const match = pattern.exec(text);
    if (match) return Number(match[1]);
  }
  return undefined;
}
