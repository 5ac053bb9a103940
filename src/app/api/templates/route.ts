import { TemplateCreateSchema } from "@/contracts/templates";
import { json, parseJson, route } from "@/server/http/request";
import { createTemplate, listTemplates } from "@/server/templates/service";

export const GET = route(async () => json(await listTemplates()));

export const POST = route(async (req) =>
  json(await createTemplate(await parseJson(req, TemplateCreateSchema)), { status: 201 }),
);
