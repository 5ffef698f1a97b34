/**
 * A fake of the `electron` module, enough of it for main's glue (app/*) and the preload to run
 * in plain Node under vitest (`vi.mock('electron', () => fakeElectron())`). It keeps Electron's
 * observable rules where the glue depends on them: `before-quit` can be prevented and a quit is
 * then cancelled, a prevented `close` keeps the window, the last window closing emits
 * `window-all-closed`, and every webContents is announced through `web-contents-created`.
 * Tests read what the glue did from `electronState`.
 */
import { EventEmitter } from 'node:events';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A cancellable Electron event. */
export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

type MessageBoxAnswer = (options: Record<string, unknown>) => number | Promise<number>;

export class FakeWebContents extends EventEmitter {
  readonly sent: { channel: string; args: unknown[] }[] = [];
  windowOpenHandler: ((details: { url: string }) => unknown) | null = null;
  loadedUrl: string | null = null;
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
    this.windowOpenHandler = handler;
  }
  closeDevTools(): void {}
}

export class FakeBrowserWindow extends EventEmitter {
  static all: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.all.filter((w) => !w.destroyed);
  }
  readonly webContents = new FakeWebContents();
  bounds: Rect;
  destroyed = false;
  visible = false;
  minimized = false;
  maximized = false;
  focused = 0;
  constructor(readonly options: Record<string, unknown>) {
    super();
    const o = options as Partial<Rect>;
    this.bounds = { x: o.x ?? 100, y: o.y ?? 100, width: o.width ?? 800, height: o.height ?? 600 };
    FakeBrowserWindow.all.push(this);
    state.app.emit('web-contents-created', new FakeEvent(), this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.webContents.loadedUrl = url;
    // The page is ready at once: Electron's ready-to-show.
    queueMicrotask(() => this.emit('ready-to-show'));
    return Promise.resolve();
  }
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  isMaximized = () => this.maximized;
  isVisible = () => this.visible;
  restore = () => {
    this.minimized = false;
  };
  minimize = () => {
    this.minimized = true;
  };
  maximize = () => {
    this.maximized = true;
  };
  show = () => {
    this.visible = true;
  };
  hide = () => {
    this.visible = false;
  };
  focus = () => {
    this.focused += 1;
  };
  getNormalBounds = () => ({ ...this.bounds });
  /** The member closes the window (the title bar's X, Alt+F4, Cmd+W). */
  close(): void {
    if (this.destroyed) return;
    const event = new FakeEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroyed = true;
    this.emit('closed');
    if (FakeBrowserWindow.getAllWindows().length === 0) state.app.emit('window-all-closed');
  }
}

export class FakeTray extends EventEmitter {
  tooltip = '';
  title = '';
  menu: { template: Record<string, unknown>[] } | null = null;
  destroyed = false;
  constructor(readonly image: unknown) {
    super();
    state.trays.push(this);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setTitle(text: string): void {
    this.title = text;
  }
  setContextMenu(menu: { template: Record<string, unknown>[] }): void {
    this.menu = menu;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** The entry of the context menu with this label. */
  item(label: string): Record<string, unknown> & { click?: () => void } {
    const found = this.menu?.template.find((entry) => entry.label === label);
    if (!found) throw new Error(`no tray entry '${label}' in ${JSON.stringify(this.menu?.template)}`);
    return found;
  }
}

export class FakeNotification extends EventEmitter {
  static supported = true;
  static isSupported = () => FakeNotification.supported;
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    state.notifications.push(this);
  }
}

class FakeApp extends EventEmitter {
  name = 'Electron';
  isPackaged = false;
  readonly paths = new Map<string, string>();
  ready = false;
  quitCalls = 0;
  quitted = false;
  exitCode: number | null = null;
  sandboxed = false;
  singleInstance = true;
  protocolClients: unknown[][] = [];
  #resolveReady!: () => void;
  readonly #ready = new Promise<void>((resolve) => {
    this.#resolveReady = resolve;
  });
  setName(name: string) {
    this.name = name;
  }
  getName = () => this.name;
  getVersion = () => '0.1.0';
  setPath(name: string, value: string) {
    this.paths.set(name, value);
  }
  getPath(name: string): string {
    const path = this.paths.get(name);
    if (!path) throw new Error(`fake electron: no path '${name}'`);
    return path;
  }
  /** Electron's default on Linux and Windows: `logs` inside userData. */
  setAppLogsPath(path?: string) {
    this.paths.set('logs', path ?? `${this.getPath('userData')}/logs`);
  }
  enableSandbox() {
    this.sandboxed = true;
  }
  requestSingleInstanceLock = () => this.singleInstance;
  setAsDefaultProtocolClient(...args: unknown[]) {
    this.protocolClients.push(args);
    return true;
  }
  isReady = () => this.ready;
  whenReady = () => this.#ready;
  /** The test's go: Electron finished starting. */
  becomeReady(): void {
    this.ready = true;
    this.#resolveReady();
    this.emit('ready');
  }
  /** As Electron does: before-quit (preventable), then every window closes (preventable), then will-quit. */
  quit(): void {
    this.quitCalls += 1;
    const event = new FakeEvent();
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    for (const win of FakeBrowserWindow.getAllWindows()) {
      const close = new FakeEvent();
      win.emit('close', close);
      if (close.defaultPrevented) return;
      win.destroyed = true;
      win.emit('closed');
    }
    this.quitted = true;
    this.emit('will-quit', new FakeEvent());
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
}

function freshState() {
  return {
    app: new FakeApp(),
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } as Rect }],
    permissionRequest: null as null | ((c: unknown, permission: string, cb: (ok: boolean) => void) => void),
    permissionCheck: null as null | ((c: unknown, permission: string) => boolean),
    privilegedSchemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    ipcHandlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
    applicationMenu: null as { template: Record<string, unknown>[] } | null,
    emptyIcon: false,
    trays: [] as FakeTray[],
    notifications: [] as FakeNotification[],
    messageBoxes: [] as Record<string, unknown>[],
    answerMessageBox: (() => 0) as MessageBoxAnswer,
    errorBoxes: [] as { title: string; content: string }[],
    clipboard: [] as string[],
    exposed: new Map<string, unknown>(),
    rendererIpc: new EventEmitter(),
    rendererInvokes: [] as unknown[][],
  };
}

/** What the fake recorded; reset with resetElectron() before each test. */
export let state = freshState();
export const electronState = () => state;

export function resetElectron(): void {
  state = freshState();
  FakeBrowserWindow.all = [];
  FakeNotification.supported = true;
}

/** The module object `vi.mock('electron', ...)` returns. Getters: each test's fresh state. */
export function fakeElectron() {
  return {
    get app() {
      return state.app;
    },
    BrowserWindow: FakeBrowserWindow,
    Tray: FakeTray,
    Notification: FakeNotification,
    Menu: {
      buildFromTemplate: (template: Record<string, unknown>[]) => ({ template }),
      setApplicationMenu: (menu: { template: Record<string, unknown>[] }) => {
        state.applicationMenu = menu;
      },
    },
    nativeImage: {
      createFromPath: (path: string) => {
        const image = { path, isEmpty: () => state.emptyIcon, resize: () => image };
        return image;
      },
    },
    screen: {
      getAllDisplays: () => state.displays,
      getPrimaryDisplay: () => state.displays[0],
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: typeof state.permissionRequest) => {
          state.permissionRequest = handler;
        },
        setPermissionCheckHandler: (handler: typeof state.permissionCheck) => {
          state.permissionCheck = handler;
        },
      },
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => {
        state.privilegedSchemes.push(...schemes);
      },
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
        state.protocolHandlers.set(scheme, handler);
      },
    },
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
        if (state.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        state.ipcHandlers.set(channel, handler);
      },
      removeHandler: (channel: string) => {
        state.ipcHandlers.delete(channel);
      },
    },
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        const options = (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>;
        state.messageBoxes.push({ ...options, parented: args.length > 1 });
        return { response: await state.answerMessageBox(options), checkboxChecked: false };
      },
      showErrorBox: (title: string, content: string) => {
        state.errorBoxes.push({ title, content });
      },
    },
    clipboard: {
      writeText: (text: string) => {
        state.clipboard.push(text);
      },
    },
    safeStorage: {
      isAsyncEncryptionAvailable: async () => false,
      getSelectedStorageBackend: () => 'basic_text',
    },
    contextBridge: {
      exposeInMainWorld: (name: string, api: unknown) => {
        state.exposed.set(name, api);
      },
    },
    ipcRenderer: {
      invoke: (...args: unknown[]) => {
        state.rendererInvokes.push(args);
        return Promise.resolve({ ok: true, value: 'from main' });
      },
      on: (channel: string, listener: (...args: unknown[]) => void) => state.rendererIpc.on(channel, listener),
      removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
        state.rendererIpc.removeListener(channel, listener),
    },
  };
}

/** electron-store over memory, kept across "restarts" of main in one test (by file name). */
export const storeFiles = new Map<string, Map<string, unknown>>();

export class FakeStore {
  readonly #data: Map<string, unknown>;
  constructor(options: { name?: string; defaults?: Record<string, unknown> } = {}) {
    const name = options.name ?? 'config';
    let data = storeFiles.get(name);
    if (!data) {
      data = new Map(Object.entries(structuredClone(options.defaults ?? {})));
      storeFiles.set(name, data);
    }
    this.#data = data;
  }
  get(key: string): unknown {
    return structuredClone(this.#data.get(key));
  }
  set(key: string, value: unknown): void {
    this.#data.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.#data.delete(key);
  }
}
