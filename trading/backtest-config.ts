/**
 * The one way a backtest's inputs become its configuration, whoever asks (POST /api/backtest,
 * `npm run backtest`): each caller only maps its own field names onto these inputs.
 */
import type { BacktestConfig } from './backtest';
import { botParams, marketRules, normaliseStrategy, type BotParamsInput, type MarketRulesInput } from './core/strategy';
import type { StrategyInput } from './core/types';

export interface BacktestInputs {
  strategy: StrategyInput;
  market: MarketRulesInput;
  params: BotParamsInput;
}

/** Throws TradingInputError naming the field and why. */
export function backtestConfig(inputs: BacktestInputs): BacktestConfig {
  return {
    strategy: normaliseStrategy(inputs.strategy),
    market: marketRules(inputs.market),
    params: botParams(inputs.params),
  };
}
