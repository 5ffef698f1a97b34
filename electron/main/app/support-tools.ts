/**
 * The support tools the app start turns on in one call: main.log in the logs folder (what
 * Help -> Export diagnostics collects, see ./diagnostics) and the updater (./updater).
 */
import { startDiagnostics, type DiagnosticsContext } from './diagnostics';
import { startUpdater } from './updater';

export { exportDiagnostics } from './diagnostics';

/** `beforeQuit`: the updater's restart is a quit the member agreed to (main-process's skipQuitQuestion). */
export function startSupportTools(context: DiagnosticsContext, beforeQuit: () => void = () => undefined): void {
  startDiagnostics(context);
  startUpdater((line) => console.info(`GridDesk ${line}`), undefined, beforeQuit);
}
