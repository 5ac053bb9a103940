import { TemplateUpdateSchema } from "@/contracts/templates";
import { json, parseJson, route } from "@/server/http/request";
import { deleteTemplate, updateTemplate } from "@/server/templates/service";

type P = { id: string };

export const PUT = route<P>(async (req, { id }) =>
  json(await updateTemplate(id, await parseJson(req, TemplateUpdateSchema))),
);

export const DELETE = route<P>(async (_req, { id }) => {
  await deleteTemplate(id);
  return json({ success: true as const });
});
