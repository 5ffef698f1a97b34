/**
 * The command a person ran to get this preview, as the ready block and the 403 page name it:
 * `npm start` imports the preview in its own process and `npm run dev` starts it as a child,
 * both with npm's npm_lifecycle_event, so the page never tells them to run something they did not.
 */
export const DEFAULT_COMMAND = 'npm run preview';

export function launchCommand(env: Record<string, string | undefined>): string {
  const event = env.npm_lifecycle_event?.trim();
  if (!event || !/^[\w:-]+$/.test(event)) return DEFAULT_COMMAND;
  return event === 'start' ? 'npm start' : `npm run ${event}`;
}
