import type {
  FlowDefinition,
  FlowModel,
  FlowModelDeploy,
  FlowModelDetail,
  FlowModelInput,
  Page,
} from '@console/contract';
import { isPlatformAdminActor } from '../../core/auth/principal.js';
import { TenantEntityService, found, idsOf } from '../../core/entity-service.js';
import { ApiError, badRequest } from '../../core/errors.js';
import { parseListQuery } from '../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../core/repository/store.js';
import type { TenantStores } from '../../core/repository/tenant-databases.js';
import { flowModel } from './engine/load.js';
import type { ParsedModel } from './engine/model.js';
import {
  FlowDefinitionRepository,
  flowDefinitionTable,
  type DefinitionRecord,
} from './manager/definition.repository.js';
import { FlowDeploymentRepository } from './manager/deployment.repository.js';
import { FormBindings } from './form/form-binding.js';
import { FlowModelRepository, flowModelTable } from './model/model.repository.js';
import type { RecordEvent } from '../log/usual-events.js';

// Models, deployments and process definitions (spec §7 "Workflow": model/*, manager/*). A model is
// what the designer edits; deploying it parses it once more and writes a new version of its process
// definition in each target tenant. Running instances and tasks build on these definitions.

/** A BPMN document refused by the engine's parser, as the contract's 400. */
export async function parsedOrRefused(xml: string): Promise<ParsedModel> {
  const { parseModel, ModelError } = await flowModel();
  try {
    return await parseModel(xml);
  } catch (error) {
    if (error instanceof ModelError) throw badRequest('flow.model.invalid', { reason: error.message });
    throw error;
  }
}

export const definitionOnWire = (record: DefinitionRecord): FlowDefinition => ({
  id: record.id,
  tenantId: record.tenantId,
  deploymentId: record.deploymentId,
  key: record.processKey,
  name: record.name,
  version: record.version,
  category: record.category,
  suspensionState: record.suspensionState,
  resourceName: record.resourceName,
  deploymentTime: record.deployTime,
});

export class FlowModelService extends TenantEntityService<
  FlowModel,
  FlowModelInput,
  'blade_flow_model',
  FlowModelRepository
> {
  constructor(
    stores: TenantStores,
    private readonly deployer: FlowDeployer,
  ) {
    super(stores, flowModelTable, (s) => new FlowModelRepository(s));
  }

  /** A model with its XML: a BladeX client opens its designer from the detail. */
  override async detail(actor: Actor, id: string): Promise<FlowModelDetail> {
    const models = await this.repositoryFor(actor);
    const model = found(await models.findById(actor, id));
    const xml = found(await models.xmlOf(actor, id));
    return { ...model, xml, modelEditorXml: xml };
  }

  /** The XML must parse, and its process id is the model's key (what deploy versions by). */
  async submit(actor: Actor, input: FlowModelInput): Promise<FlowModel> {
    const parsed = await parsedOrRefused(input.xml);
    const modelKey = input.modelKey.trim();
    if (parsed.processKey !== modelKey)
      throw badRequest('flow.model.keyMismatch', { key: modelKey, processKey: parsed.processKey });
    // Its forms and their fields exist (issue 51); deploying pins their published versions.
    await new FormBindings(await this.storeFor(actor), actor).check(parsed, false);
    const id = input.id || undefined;
    return inTransaction(await this.storeFor(actor), async (tx) => {
      const models = this.repositoryOn(tx);
      const current = id === undefined ? undefined : found(await models.findById(actor, id));
      const holder = await models.findByKey(actor, modelKey);
      if (holder && holder.id !== id) throw badRequest('flow.model.keyExists', { key: modelKey });
      return this.save(models, actor, id, {
        modelKey,
        name: input.name.trim(),
        category: input.category?.trim() || null,
        description: input.description ?? null,
        version: (current?.version ?? 0) + 1,
        ...({ xml: input.xml } as Partial<FlowModel>),
      });
    });
  }

  /** model/deploy: a new version of the model's process in the caller's tenant, or the ones chosen. */
  async deploy(actor: Actor, input: FlowModelDeploy): Promise<FlowDefinition[]> {
    const models = await this.repositoryFor(actor);
    const model = found(await models.findById(actor, input.modelId));
    const xml = found(await models.xmlOf(actor, input.modelId));
    const category = input.category?.trim() || model.category;
    const deployed = await this.deployer.deploy(actor, {
      name: model.name,
      category,
      tenantIds: input.tenantIds,
      files: [{ name: `${model.modelKey}.bpmn20.xml`, xml }],
    });
    await models.update(actor, model.id, {
      deployTime: new Date().toISOString(),
    } as Partial<FlowModel>);
    return deployed;
  }
}

export interface DeployRequest {
  name: string;
  category: string | null;
  /** Comma-joined tenant ids (the platform administrator's choice); empty: the caller's tenant. */
  tenantIds?: string | undefined;
  files: Array<{ name: string; xml: string }>;
}

/** Deployments and the process definitions they hold (manager/*, and model/deploy through it). */
export class FlowDeployer {
  constructor(
    /** Where each tenant's workflow records are (decision 0020). */
    private readonly stores: TenantStores,
    private readonly record: RecordEvent = () => undefined,
  ) {}

  async #definitions(actor: Actor): Promise<FlowDefinitionRepository> {
    return new FlowDefinitionRepository(await this.stores.storeFor(actor));
  }

  /** Which tenants a deployment goes to: only the platform administrator names others. */
  private targets(actor: Actor, tenantIds: string | undefined): string[] {
    const named = [
      ...new Set(
        (tenantIds ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    if (named.length === 0) return [actor.tenantId];
    if (!isPlatformAdminActor(actor) && named.some((t) => t !== actor.tenantId))
      throw new ApiError(403, 'flow.deploy.otherTenants');
    return named;
  }

  async deploy(actor: Actor, request: DeployRequest): Promise<FlowDefinition[]> {
    // Every file parses before anything is written: one bad file deploys nothing.
    const parsed = await Promise.all(request.files.map((file) => parsedOrRefused(file.xml)));
    const tenants = this.targets(actor, request.tenantIds);
    // Each file's forms in each tenant: they exist, published, with the fields named; their
    // versions are pinned in the definitions written (checked for all before any is written).
    const pins = new Map<string, string | null>();
    for (const tenantId of tenants) {
      const bindings = new FormBindings(await this.stores.storeFor(tenantId), { ...actor, tenantId });
      for (const [i, model] of parsed.entries()) {
        const pinned = await bindings.check(model, true);
        pins.set(`${tenantId}:${i}`, Object.keys(pinned).length > 0 ? JSON.stringify(pinned) : null);
      }
    }
    const now = new Date().toISOString();
    // The tenants by the database their records are in: one transaction per database (all of the
    // tenants of one database or none; a later database's failure leaves the earlier ones deployed).
    const databases = new Map<string, { store: Store; tenants: string[] }>();
    for (const tenantId of tenants) {
      const store = await this.stores.storeFor(tenantId);
      const key = store.routed?.datasourceId ?? '';
      const group = databases.get(key) ?? { store, tenants: [] };
      group.tenants.push(tenantId);
      databases.set(key, group);
    }
    const byTenant = new Map<string, FlowDefinition[]>();
    for (const { store, tenants: inDatabase } of databases.values()) {
      await inTransaction(store, async (tx) => {
        const deployments = new FlowDeploymentRepository(tx);
        const definitions = new FlowDefinitionRepository(tx);
        for (const tenantId of inDatabase) {
          const as: Actor = { ...actor, tenantId };
          const written: FlowDefinition[] = [];
          const deploymentId = await deployments.insert(as, {
            name: request.name,
            category: request.category,
            deployTime: now,
          });
          for (const [i, model] of parsed.entries()) {
            const file = request.files[i]!;
            const version = await definitions.nextVersion(tenantId, model.processKey);
            const id = await definitions.insert(as, {
              deploymentId,
              processKey: model.processKey,
              name: model.processName || model.processKey,
              version,
              category: request.category,
              suspensionState: 1,
              resourceName: file.name,
              deployTime: now,
              ...({
                xml: file.xml,
                formPins: pins.get(`${tenantId}:${i}`) ?? null,
              } as Partial<DefinitionRecord>),
            });
            written.push(definitionOnWire(found(await definitions.findById(as, id))));
          }
          byTenant.set(tenantId, written);
        }
      });
    }
    const written = tenants.flatMap((tenantId) => byTenant.get(tenantId) ?? []);
    this.record(actor, {
      logId: 'flow.deploy',
      message: {
        key: 'flow.log.deploy',
        args: { definitions: written.map((d) => `${d.key} v${d.version} (${d.tenantId})`).join(', ') },
      },
      params: { name: request.name, category: request.category },
    });
    return written;
  }

  async list(actor: Actor, raw: Record<string, unknown>): Promise<Page<FlowDefinition>> {
    const query = parseListQuery(raw, flowDefinitionTable, this.stores.main.timeZone);
    const page = await (await this.#definitions(actor)).page(actor, query);
    return { ...page, records: page.records.map(definitionOnWire) };
  }

  /** change-state: active ↔ suspended; a suspended definition starts nothing. */
  async changeState(actor: Actor, processId: string, state: 'active' | 'suspend'): Promise<void> {
    const definitions = await this.#definitions(actor);
    const definition = found(await definitions.findById(actor, processId));
    await definitions.setState(actor, processId, state === 'active' ? 1 : 2);
    this.record(actor, {
      logId: 'flow.state',
      message: {
        key: state === 'active' ? 'flow.log.active' : 'flow.log.suspend',
        args: { process: definition.processKey, version: definition.version },
      },
    });
  }

  /** delete-deployment: refused while an instance of one of its definitions runs, unless cascading. */
  async removeDeployments(actor: Actor, rawIds: string, cascade: boolean): Promise<number> {
    const ids = idsOf(rawIds);
    const removed = await inTransaction(await this.stores.storeFor(actor), async (tx) => {
      const deployments = new FlowDeploymentRepository(tx);
      const definitions = new FlowDefinitionRepository(tx);
      const rows = await deployments.findByIds(actor, ids);
      if (rows.length !== ids.length) throw badRequest('flow.deployment.unknown', { ids: rawIds });
      const held = await definitions.ofDeployments(actor, ids);
      const running = await definitions.runningInstances(
        actor,
        held.map((d) => d.id),
      );
      if (running > 0 && !cascade) throw badRequest('flow.deployment.running', { count: String(running) });
      if (running > 0)
        await definitions.endInstances(
          actor,
          held.map((d) => d.id),
          'deployment deleted',
        );
      await definitions.softDelete(
        actor,
        held.map((d) => d.id),
      );
      return deployments.softDelete(actor, ids);
    });
    this.record(actor, {
      logId: 'flow.deployment.delete',
      message: { key: 'flow.log.deploymentDelete', args: { ids: rawIds } },
      params: { cascade },
    });
    return removed;
  }
}
