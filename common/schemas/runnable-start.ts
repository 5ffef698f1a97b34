/**
 * The fields every kind of runnable's start takes alike (a bot's and a cycle's): its category,
 * its pair and its amount, with SPEC's messages. Each kind adds its own fields and rules.
 */
import * as yup from 'yup';
import type { BotCategory } from '../api/bots';
import { VALIDATION } from '../messages';
import { boundedText, decimalString, IDENTIFIER_MAX } from './input-bounds';

export const startCategory = () =>
  yup.mixed<BotCategory>().oneOf(['Spot', 'Future'], VALIDATION.categoryRequired).required(VALIDATION.categoryRequired);

export const startPair = () => boundedText({ label: 'Pair', max: IDENTIFIER_MAX }).required(VALIDATION.pairRequired);

/** The amount as a decimal string within the ledger's digits (its lower bound is the kind's). */
export const startAmount = () =>
  decimalString({
    label: 'Amount',
    numberMessage: VALIDATION.amountNumber,
    requiredMessage: VALIDATION.amountRequired,
    signed: true,
    amount: true,
  });
