/**
 * Matchers for refusals in integration tests: every refusal carries a `reason` from the closed
 * set of common/reasons.ts. Tests that name the exact reason do so; table-driven tests of many
 * messages check that the reason is one of the set (the yup-to-reason mapping has its own test).
 */
import { expect } from 'vitest';
import { REASONS } from '../../common/reasons';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Any reason of the closed set. */
export const anyReason = expect.stringMatching(new RegExp(`^(${REASONS.map(escape).join('|')})$`));
