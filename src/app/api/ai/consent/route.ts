import { CloudConsentRequestSchema } from "@/contracts/config";
import { grantCloudConsent, listCloudConsents, revokeCloudConsent } from "@/server/ai/consent";
import { json, parseJson, route } from "@/server/http/request";

/** Cloud models the person allowed: GET lists them, POST { model } allows one, DELETE { model } revokes it. */
export const GET = route(async () => json({ consents: await listCloudConsents() }));

export const POST = route(async (req) => {
  const { model } = await parseJson(req, CloudConsentRequestSchema);
  return json({ consents: await grantCloudConsent(model) });
});

export const DELETE = route(async (req) => {
  const { model } = await parseJson(req, CloudConsentRequestSchema);
  return json({ consents: await revokeCloudConsent(model) });
});
