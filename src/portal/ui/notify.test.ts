import { showFieldErrors } from './notify';

it('puts the server’s field errors under the matching fields only', () => {
  const setErrors = vi.fn();
  const matched = showFieldErrors(setErrors, { name: ['category with this name already exists.'], detail: ['Bad request.'] }, ['name']);
  expect(matched).toBe(true);
  expect(setErrors).toHaveBeenCalledWith({ name: 'category with this name already exists.' });
  expect(showFieldErrors(setErrors, { detail: ['Bad request.'] }, ['name'])).toBe(false);
});

describe('notifyDone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('confirms briefly; while the server does not answer it says the change waits on this device', async () => {
    const { notifications } = await import('@mantine/notifications');
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const { notifyDone, SAVED_OFFLINE_NOTE } = await import('./notify');
    notifyDone('Quiz deleted');
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Quiz deleted', message: undefined, role: 'status', autoClose: 4000 }),
    );
    const { serverConnection } = await import('../api/connection');
    serverConnection.unreachable();
    notifyDone('Quiz deleted');
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Quiz deleted', message: SAVED_OFFLINE_NOTE }));
    // The browser's flag alone says nothing about the server.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    serverConnection.answered(200);
    notifyDone('Quiz deleted');
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Quiz deleted', message: undefined }));
  });

  it('replaces the confirmation still showing instead of stacking another over the page', async () => {
    const { notifications } = await import('@mantine/notifications');
    const show = vi.spyOn(notifications, 'show').mockImplementation((data) => data.id ?? 'id');
    const hide = vi.spyOn(notifications, 'hide').mockImplementation((id) => id);
    const { notifyDone } = await import('./notify');
    notifyDone('Choice added');
    const first = show.mock.lastCall![0].id;
    notifyDone('Choice added');
    const second = show.mock.lastCall![0].id;
    expect(second).not.toBe(first);
    expect(hide).toHaveBeenLastCalledWith(first);
  });
});
