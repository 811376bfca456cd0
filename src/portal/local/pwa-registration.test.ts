import { registerServiceWorker } from './pwa-registration';

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;
const workbox = vi.hoisted(() => ({
  instances: [] as {
    url: string;
    options: unknown;
    listeners: Map<string, Listener[]>;
    register: ReturnType<typeof vi.fn>;
    messageSkipWaiting: ReturnType<typeof vi.fn>;
  }[],
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    listeners = new Map<string, Listener[]>();
    register = vi.fn(async () => undefined);
    messageSkipWaiting = vi.fn();
    constructor(
      public url: string,
      public options: unknown,
    ) {
      workbox.instances.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
  },
}));

function fire(type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) {
  for (const listener of workbox.instances.at(-1)?.listeners.get(type) ?? []) listener(event);
}

beforeEach(() => {
  workbox.instances.length = 0;
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

it('registers sw.js as a classic script and reports offline-ready once, on the first install', () => {
  const onOfflineReady = vi.fn();
  registerServiceWorker({ onOfflineReady }, { enabled: true });
  const [instance] = workbox.instances;
  expect(instance?.url).toBe('/sw.js');
  expect(instance?.options).toEqual({ scope: '/' });
  expect(instance?.register).toHaveBeenCalledTimes(1);
  fire('activated', { isUpdate: true });
  expect(onOfflineReady).not.toHaveBeenCalled();
  fire('activated', { isUpdate: false });
  expect(onOfflineReady).toHaveBeenCalledTimes(1);
});

it('offers the update when a new version waits, and reloads once it takes control', () => {
  const onNeedRefresh = vi.fn();
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  const handle = registerServiceWorker({ onNeedRefresh }, { enabled: true });
  fire('waiting');
  expect(onNeedRefresh).toHaveBeenCalledTimes(1);
  fire('controlling');
  expect(reload).not.toHaveBeenCalled();
  handle.updateServiceWorker();
  expect(workbox.instances[0]?.messageSkipWaiting).toHaveBeenCalledTimes(1);
  fire('controlling');
  expect(reload).toHaveBeenCalledTimes(1);
});

it('does nothing where service workers are missing or in development', () => {
  registerServiceWorker({}, { enabled: false });
  Reflect.deleteProperty(navigator, 'serviceWorker');
  registerServiceWorker({}, { enabled: true });
  expect(workbox.instances).toHaveLength(0);
});
