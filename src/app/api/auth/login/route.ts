import { LoginSchema } from "@/contracts/auth";
import { json, parseJson, route } from "@/server/http/request";
import { login } from "@/server/security/auth";

export const POST = route(async (req) => {
  const { passcode } = await parseJson(req, LoginSchema);
  const cookie = await login(req, passcode);
  return json({ success: true }, { headers: { "Set-Cookie": cookie } });
});
