import type { FailureCodes } from '#shared/failure-codes.ts';

/** Failure codes that fit every machine type: what a test's corrective ticket records when it is resolved. */
export const repairFound: FailureCodes = { problem: 'Other', cause: 'Other', remedy: 'Other', note: 'Found in a test' };

/** A ticket change that ends the repair (Resolved, Closed) carries the failure codes the server asks for. */
export const withRepairFound = <T extends { status?: string; [field: string]: unknown }>(
  changes: T,
): T & { failure?: FailureCodes } =>
  changes.status === 'Resolved' || changes.status === 'Closed' ? { ...changes, failure: repairFound } : changes;
