import type { Rollout, RolloutStage } from '@console/contract';
import type { RolloutState } from '@console/contract/business';
import type { TFunction } from 'i18next';

// How the page says a rollout's parts: its state's colour, a stage's cohort and gate, how many
// machines were offered it. Shared by the list's confirmations and the detail dialog.

export const STATE_COLORS: Record<RolloutState, string> = {
  running: 'processing',
  paused: 'warning',
  completed: 'success',
  'rolled-back': 'error',
};

/** Names shown before 等 N 个 (and others). */
const NAMES_SHOWN = 5;

/**
 * Whom a stage adds: 累计 30% 的机器, 2 家医院的机器, 3 台指定机器; with `names` (the hospitals' or
 * machines' as far as known), 医院：协和医院、同仁医院.
 */
export function cohortText(t: TFunction, stage: RolloutStage, names?: readonly string[]): string {
  if (stage.cohort === 'percent')
    return t('business.rollout.describe.percent', { percent: stage.percent ?? 0 });
  const count = stage.ids?.length ?? 0;
  if (!names || names.length === 0)
    return stage.cohort === 'hospitals'
      ? t('business.rollout.describe.hospitals', { count })
      : t('business.rollout.describe.machines', { count });
  const shown = names.slice(0, NAMES_SHOWN).join('、');
  const list =
    count > NAMES_SHOWN || names.length < count
      ? t('business.rollout.describe.andMore', { names: shown, count })
      : shown;
  return stage.cohort === 'hospitals'
    ? t('business.rollout.describe.hospitalsNamed', { names: list })
    : t('business.rollout.describe.machinesNamed', { names: list });
}

/** How a stage opens the next: by hand, or by itself after its minutes under its failure share. */
export function gateText(t: TFunction, stage: RolloutStage): string {
  return stage.gate === 'auto'
    ? t('business.rollout.describe.auto', {
        minutes: stage.gateMinutes ?? 0,
        failure: stage.maxFailurePercent ?? 0,
      })
    : t('business.rollout.describe.manual');
}

/** The machines a stage's counts hold: offered the version, whatever they said of it since. */
export const offeredIn = (stage: Rollout['stages'][number]): number =>
  Object.values(stage.counts).reduce((sum, n) => sum + n, 0);

/** The machines offered the rollout's version, over its stages. */
export const offeredCount = (rollout: Rollout): number =>
  rollout.stages.reduce((sum, stage) => sum + offeredIn(stage), 0);
