import { translate } from '../../../core/i18n.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import type { MessageService } from '../../desk/message/message.service.js';
import { candidateUserIds, type Candidate } from './runtime.repository.js';

/** At most this many candidates hear of one claimable task (a role may have many holders). */
const MAX_CANDIDATES = 500;

/** A task a step left waiting: its name, and its assignee or its candidates. */
export interface WaitingTask {
  name: string;
  assignee: string | null;
  candidates: readonly Candidate[];
}

/**
 * The workflow's messages (issue 47), sent once the step's transaction has committed: a task's
 * assignee hears that it waits for them (待办事务), its candidates that they may claim it (待签事务),
 * and the one who started the process hears each decision on it. Written in Chinese, the console's
 * first language; the names are the model's own.
 */
export class TaskMessages {
  constructor(
    /** The main database, where the users are. */
    private readonly store: Store,
    private readonly messages: MessageService,
  ) {}

  /**
   * Tells the assignee, or else the candidates, of a task that waits: those of them who are live,
   * enabled users of the tenant (a model may name anyone).
   */
  async waiting(sender: Actor, processName: string, task: WaitingTask): Promise<void> {
    const names = { process: processName, task: task.name };
    if (task.assignee) {
      const assignee = await candidateUserIds(
        this.store,
        sender.tenantId,
        [{ kind: 'user', id: task.assignee }],
        1,
      );
      await this.messages.send(sender, assignee, {
        kind: 'task',
        title: translate('zh', 'flow.message.assigned', names),
        body: null,
        link: '/work/todo/index',
      });
      return;
    }
    const candidates = await candidateUserIds(this.store, sender.tenantId, task.candidates, MAX_CANDIDATES);
    await this.messages.send(sender, candidates, {
      kind: 'task',
      title: translate('zh', 'flow.message.claimable', names),
      body: null,
      link: '/work/claim/index',
    });
  }

  /** Tells the one who started the process of a decision on one of its tasks (not their own). */
  async decided(
    sender: Actor,
    processName: string,
    taskName: string,
    starter: string,
    pass: boolean,
    comment: string | null,
  ): Promise<void> {
    if (starter === sender.userId) return;
    const names = { process: processName, task: taskName };
    await this.messages.send(sender, [starter], {
      kind: 'task',
      title: translate('zh', pass ? 'flow.message.passed' : 'flow.message.rejected', names),
      body: comment,
      link: '/work/send/index',
    });
  }

  /**
   * Tells people of an action on a request (issue 51): a task returned, transferred or delegated to
   * them, a delegation come back, a nudge, a copy. Only the live, enabled users of the tenant among
   * `users` (the assignee, or else the task's candidates) hear of it; never the sender.
   */
  async action(
    sender: Actor,
    users: { assignee: string | null; candidates?: readonly Candidate[] },
    message: {
      key: FlowActionMessage;
      process: string;
      task: string;
      body: string | null;
      link: string;
    },
  ): Promise<void> {
    const wanted: Candidate[] = users.assignee
      ? [{ kind: 'user', id: users.assignee }]
      : [...(users.candidates ?? [])];
    const ids = (await candidateUserIds(this.store, sender.tenantId, wanted, MAX_CANDIDATES)).filter(
      (id) => id !== sender.userId,
    );
    if (ids.length === 0) return;
    const names = { process: message.process, task: message.task };
    await this.messages.send(sender, ids, {
      kind: 'task',
      title: translate('zh', `flow.message.${message.key}`, names),
      body: message.body,
      link: message.link,
    });
  }
}

/** The messages of the actions (flow.message.<key> in flow.messages.ts). */
export type FlowActionMessage =
  'returned' | 'resubmitted' | 'transferred' | 'delegated' | 'resolved' | 'nudged' | 'copied' | 'withdrawn';
