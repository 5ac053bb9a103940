import { ReviewRequestSchema } from "@/contracts/reviews";
import { json, parseJson, route } from "@/server/http/request";
import { listReviews, writeReview } from "@/server/reviews/service";

/** Reviews: POST writes (or rewrites) the review of a week, month or year as an entry; GET lists them. */
export const GET = route(async () => json(await listReviews()));

export const POST = route(async (req) => {
  const input = await parseJson(req, ReviewRequestSchema);
  return json(await writeReview(input, req.signal));
});
