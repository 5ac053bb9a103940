/**
 * The journal's entries, wherever they live: the server, this device (waiting to sync) or the reading
 * copy. Queries, the one save, the delete, and the hooks that answer "where is this entry".
 */
export * from "./queries";
export { invalidateEntryData } from "./cache";
export { saveEntry, useSaveEntry, useCreateEntry, useUpdateEntry, createEntry, updateEntry, type EntryDraft, type DraftFile, type FileState, type SaveOutcome } from "./save";
export { deleteEntry, deleteOnDevice, useDeleteEntry, useRestoreEntry, usePurgeEntry, useEmptyTrash } from "./delete";
export { useEntry, type EntrySource } from "./use-entry";
export { useEntries, useForgetEntry } from "./use-entries";
