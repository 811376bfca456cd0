import { category, type Category } from '../../lib/contract/category';
import { resource } from './resource';

export type { Category, CategoryPayload } from '../../lib/contract/category';

/** GET/POST /api/v1/category/, GET/PATCH/DELETE /api/v1/category/{id}/ (the Category calls of the API). */
export const categoriesApi = resource<Category>({ path: 'api/v1/category/' }, { item: category, one: category });
