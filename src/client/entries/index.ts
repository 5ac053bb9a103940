/**
 * The journal's entries as most screens need them: the server's queries, plain create, update and
 * delete, Recently deleted. Heavier parts are imported from their own module, so that a screen loads
 * only what it uses: `./use-entry` (where an entry lives), `./use-entries` (the Timeline's list, server
 * and device merged), `./save` (the editor's one save).
 */
export * from "./queries";
export { invalidateEntryData, useForgetEntry } from "./cache";
export { createEntry, updateEntry, useCreateEntry, useUpdateEntry } from "./mutations";
export { deleteEntry, deleteOnDevice, useDeleteEntry, useRestoreEntry, usePurgeEntry, useEmptyTrash } from "./delete";
export type { EntrySource } from "./use-entry";
