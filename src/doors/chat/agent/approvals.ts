import type { ApprovalAnswer, ApprovalRequest } from './events.js';
import type { Approver } from './controller.js';

/** Who decides on mutating tool calls: `--yes`, the session's "always" answers, else the Approver. */
export interface ApprovalPolicy {
  decide(request: ApprovalRequest): Promise<ApprovalAnswer>;
  setApprover(approver: Approver): void;
  /** False when no one can be asked (print mode without --yes). */
  canAsk(): boolean;
}

export function createApprovalPolicy(options: { yes: boolean; approver?: Approver }): ApprovalPolicy {
  const always = new Set<string>();
  let approver = options.approver;
  return {
    async decide(request) {
      if (options.yes || always.has(request.name)) return 'always';
      if (!approver) return 'no';
      const answer = await approver(request);
      if (answer === 'always') always.add(request.name);
      return answer;
    },
    setApprover(next) {
      approver = next;
    },
    canAsk: () => options.yes || approver !== undefined,
  };
}

/** The tool result a refused call sends back. */
export function refusedOutput(name: string, hasApprover: boolean): string {
  return hasApprover
    ? `The user refused this ${name} call. Do not retry it; ask the user or take another way.`
    : `This ${name} call needs approval and none can be asked for here (run with --yes to allow tools). Do not retry it.`;
}
