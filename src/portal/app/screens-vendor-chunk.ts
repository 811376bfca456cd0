// vite.config.ts puts this module in the screens' vendor chunk (Mantine and the libraries under the screens):
// importing it evaluates that whole chunk, in a task of its own (screen-libraries.ts), without importing one of its
// libraries by name (a dynamic import of @mantine/core would keep every Mantine component in the build).

/** The chunk this module is in. */
export const CHUNK = 'screens-vendor';
