"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TemplateCreateInput, TemplateDto, TemplateUpdateInput } from "@/contracts/templates";
import { call } from "./routes";
import { qk } from "./keys";

/**
 * Templates: the list (built-ins and the person's own, hidden ones too) and its changes. Offline the
 * editor offers the list this tab last read (the query cache); templates are added and changed online
 * only (a change made offline fails with the usual network error and is not kept for later).
 */
export const templateQueries = {
  list: () =>
    queryOptions({
      queryKey: qk.templates,
      queryFn: ({ signal }) => call("GET /templates", { signal }),
      staleTime: 60_000,
    }),
};

export const useTemplates = () => useQuery(templateQueries.list());

function useTemplateMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.templates }),
  });
}

export const useAddTemplate = () =>
  useTemplateMutation((body: TemplateCreateInput) => call("POST /templates", { body }) as Promise<TemplateDto>);

export const useUpdateTemplate = () =>
  useTemplateMutation(({ id, ...body }: TemplateUpdateInput & { id: string }) =>
    call("PUT /templates/[id]", { params: { id }, body }),
  );

export const useDeleteTemplate = () =>
  useTemplateMutation((id: string) => call("DELETE /templates/[id]", { params: { id } }));
