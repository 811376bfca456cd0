import { showFieldErrors } from './notify';

it('puts the server’s field errors under the matching fields only', () => {
  const setErrors = vi.fn();
  const matched = showFieldErrors(setErrors, { name: ['category with this name already exists.'], detail: ['Bad request.'] }, ['name']);
  expect(matched).toBe(true);
  expect(setErrors).toHaveBeenCalledWith({ name: 'category with this name already exists.' });
  expect(showFieldErrors(setErrors, { detail: ['Bad request.'] }, ['name'])).toBe(false);
});
