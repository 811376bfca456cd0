import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves in a later task, not in the microtasks of the current one', async () => {
    let resumed = false;
    const waiting = nextTask().then(() => {
      resumed = true;
    });
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    expect(resumed).toBe(false);
    await waiting;
    expect(resumed).toBe(true);
  });

  it('lets a task queued before it run first', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await nextTask();
    order.push('after nextTask');
    expect(order).toEqual(['queued task', 'after nextTask']);
  });
});
