// Work done after the answer has left: a password-reset request answers at once, the same
// for every email, and looking the email up, storing the link's token and sending the mail happen here, off
// the request path, so neither the answer nor its timing depends on whether the account exists. The app waits
// for the tasks still running when it closes (graceful shutdown), and tests wait with idle().

interface ErrorLogger {
  error(details: object, message: string): void;
}

export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: ErrorLogger) {}

  /** Starts the task on a later turn of the event loop; its failure is logged, never thrown. */
  run(name: string, task: () => Promise<void>): void {
    const promise = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `${name} failed`))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves once no task runs (including tasks started meanwhile). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background tasks (tests wait for them with idle()). */
    background: BackgroundTasks;
  }
}
