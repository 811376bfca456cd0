// The offline benchmark imports the portal's sync engine, whose modules read Vite's import.meta.env.
/// <reference types="vite/client" />
