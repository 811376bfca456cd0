import { buildApp } from '../../../server/app';
import { systemClock } from '../../../server/clock';
import { loadConfig } from '../../../server/config';
import { openConfiguredDatabase } from '../../../server/db/open';
import { MemoryMailer } from '../../../server/mail/mailer';

// The API server as a benchmark runs it: its own process (so the load generator does not share its event
// loop), configured by the environment like server/main.ts but without the demo, listening on 127.0.0.1.
// Over IPC it reports its port, on request the peak growth of its memory between two messages, and its CPU
// time so far (process.cpuUsage).

interface MemoryWatch {
  timer: NodeJS.Timeout;
  base: NodeJS.MemoryUsage;
  peakRss: number;
  peakHeap: number;
}

let watch: MemoryWatch | null = null;

function sample(current: MemoryWatch): void {
  const usage = process.memoryUsage();
  current.peakRss = Math.max(current.peakRss, usage.rss);
  current.peakHeap = Math.max(current.peakHeap, usage.heapUsed + usage.external + usage.arrayBuffers);
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') {
    const usage = process.cpuUsage();
    process.send?.({ type: 'cpu', user: usage.user, system: usage.system });
  } else if (message.type === 'memory-start') {
    global.gc?.();
    const base = process.memoryUsage();
    watch = {
      base,
      peakRss: base.rss,
      peakHeap: base.heapUsed + base.external + base.arrayBuffers,
      timer: setInterval(() => watch && sample(watch), 2),
    };
    process.send?.({ type: 'memory-started' });
  } else if (message.type === 'memory-stop' && watch) {
    clearInterval(watch.timer);
    sample(watch);
    const { base, peakRss, peakHeap } = watch;
    watch = null;
    process.send?.({
      type: 'memory',
      rssGrowth: peakRss - base.rss,
      heapGrowth: peakHeap - (base.heapUsed + base.external + base.arrayBuffers),
    });
  }
});

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' });
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ db: database.db, config, clock: systemClock, mailer: new MemoryMailer() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  process.send?.({ type: 'listening', port: address.port });
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
