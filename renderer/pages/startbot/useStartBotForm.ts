/** The Start New Bot form's state: what is picked, the minimum amount that implies, and the submit. */
import { useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, type FormRule } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { BotCategory, StartBotRequest } from '../../../common/api/bots';
import { UI } from '../../../common/messages';
import type { Decimal } from '../../../common/money';
import { leverageOf, optionalValue, startBotSchema, type StartBotFormValues } from '../../../common/schemas/bot-form';
import { botAmountShortfall } from '../../../common/schemas/bot-minimum';
import { useMessage } from '../../app/feedback';
import { shownMinimum } from '../../components/bots/minimumAmount';
import { yupRule } from '../../hooks/yupRule';
import { fetchStrategyGrids, useStartBot, useStartBotData, useStrategyGrids } from './useStartBot';

type StartBotForm = FormInstance<StartBotFormValues>;

/** The rules of one field, checked against the schema in force. */
export type FieldRules = (field: keyof StartBotFormValues) => FormRule[];

function toRequest(values: StartBotFormValues): StartBotRequest {
  const category = values.category as BotCategory;
  return {
    selectPair: values.selectPair as string,
    myStrategy: values.myStrategy as string,
    amount: Number(optionalValue(values.amount)),
    category,
    botType: values.botType as string,
    leverage: category === 'Future' ? leverageOf(values.leverage) : null,
    profitbookat: optionalValue(values.profitbookat),
    sellPausePrice: optionalValue(values.sellPausePrice),
    restartPrice: optionalValue(values.restartPrice),
    stoplossPrice: optionalValue(values.stoplossPrice),
  };
}

/**
 * Submit: the strategy's grid count (already read, else read now) checks the amount against the
 * minimum it implies, then the bot starts; busy from the check until the start has answered.
 */
function useSubmitStartBot(form: StartBotForm, minimumAmount: Decimal) {
  const message = useMessage();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const start = useStartBot();

  const onFinish = async (values: StartBotFormValues) => {
    setChecking(true);
    let count: number;
    try {
      count = await fetchStrategyGrids(queryClient, values.myStrategy as string);
    } catch {
      message.error(UI.submitFailed);
      return;
    } finally {
      setChecking(false);
    }
    const shortfall = botAmountShortfall(optionalValue(values.amount) as string, count, minimumAmount);
    if (shortfall) {
      form.setFields([{ name: 'amount', errors: [shortfall] }]);
      return;
    }
    start.mutate(toRequest(values));
  };

  return { onFinish, busy: checking || start.isPending };
}

export function useStartBotForm(form: StartBotForm) {
  const pair = Form.useWatch('selectPair', form);
  const category = Form.useWatch('category', form) as BotCategory | undefined;
  const strategy = Form.useWatch('myStrategy', form);
  const data = useStartBotData(pair, category);
  const grids = useStrategyGrids(strategy);
  const submit = useSubmitStartBot(form, data.minimumAmount);
  // The server's rule for the chosen strategy's grid count, shown in the label and checked as typed.
  const minimum = shownMinimum(grids, data.minimumAmount);
  const schema = useMemo(
    () => startBotSchema({ minimumAmount: data.minimumAmount.toFixed(), grids }),
    [data.minimumAmount, grids],
  );
  const rule: FieldRules = (field) => [yupRule(schema, field)];

  // A new minimum (another strategy, or the server's value loading) re-checks an amount already typed.
  useEffect(() => {
    if (form.isFieldTouched('amount')) void form.validateFields(['amount']).catch(() => undefined);
  }, [form, minimum]);

  return { pair, category, data, minimum, rule, ...submit };
}
