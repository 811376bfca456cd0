import { resource } from './resource';

/** A question category (spec §3), with the server's optimistic-concurrency version when offered. */
export interface Category {
  id: number;
  name: string;
  client: number;
  updated_at: string;
  version?: number;
}

export interface CategoryPayload {
  name: string;
}

/** GET/POST /api/v1/category/, GET/PATCH/DELETE /api/v1/category/{id}/ (spec §7 Category). */
export const categoriesApi = resource<Category>({ path: 'api/v1/category/' });
