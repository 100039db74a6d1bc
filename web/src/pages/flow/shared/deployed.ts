import type { FlowDefinition } from '@console/contract';

/**
 * What a deployment made, for its success message: each definition's key and version ("Leave v3"),
 * with its tenant when several tenants got one.
 */
export function deployedSummary(definitions: readonly FlowDefinition[]): string {
  const tenants = new Set(definitions.map((definition) => definition.tenantId));
  return definitions
    .map(
      (definition) =>
        `${definition.key} v${definition.version}${tenants.size > 1 ? ` (${definition.tenantId})` : ''}`,
    )
    .join(', ');
}
