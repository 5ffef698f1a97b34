/**
 * One member command on a running bot or cycle (stop, stop & sell, an edit): the success toast,
 * then what the command moves on (a dialog closes, a page navigates) and the runnable's data
 * reloads; a failure shows the kind's message for it (SPEC section 8). Every kind's commands go
 * through here, each with its own messages and the queries it reloads.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMessage } from '../app/feedback';

export interface RunnableCommand<T> {
  run: (input: T) => Promise<unknown>;
  success: string;
  /** The message a failure shows (the kind may tell a refusal from no answer). */
  failure: (error: unknown) => string;
  /** What to reload once it applied: the runnable's queries. */
  reloads: QueryKey;
  onDone?: () => void | Promise<void>;
  onRefused?: (error: unknown) => void;
}

export function useRunnableCommand<T>(command: RunnableCommand<T>) {
  const message = useMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: command.run,
    onSuccess: async () => {
      message.success(command.success);
      await command.onDone?.();
      await queryClient.invalidateQueries({ queryKey: command.reloads });
    },
    onError: (error) => {
      message.error(command.failure(error));
      command.onRefused?.(error);
    },
  });
}
