import Fastify from 'fastify';

// The ceiling of a JSON list route on this machine: a bare Fastify (the server's own version) in its own
// process, like server-process.ts, with one GET route answering the body it was handed over IPC. No
// hooks, no authentication, no database, no response schema: what the framework and Node's HTTP server
// cost for the same bytes. The body is handed as a parsed value and serialised on every request (as a
// bare route returning an object would do), so JSON.stringify is part of the ceiling too. Like the bench
// server it reports its CPU time on request.

interface Start {
  type: 'start';
  path: string;
  body: unknown;
}

process.on('message', (message: Start | { type: 'cpu' }) => {
  if (message.type === 'cpu') {
    const usage = process.cpuUsage();
    process.send?.({ type: 'cpu', user: usage.user, system: usage.system });
    return;
  }
  const app = Fastify({ logger: false });
  // The real server routes /api/v1/questions/ with its query string; the ceiling matches the same path.
  app.get(message.path, async () => message.body);
  app.listen({ host: '127.0.0.1', port: 0 }).then(
    () => {
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('ceiling server has no TCP address');
      process.send?.({ type: 'listening', port: address.port });
      process.on('disconnect', () => {
        void app.close().then(() => process.exit(0));
      });
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
