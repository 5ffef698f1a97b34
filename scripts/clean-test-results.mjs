// Clears the previous run's test reports so the closing summary counts this run only.
import { rm } from 'node:fs/promises';
await rm('.tmp/test-results', { recursive: true, force: true });
