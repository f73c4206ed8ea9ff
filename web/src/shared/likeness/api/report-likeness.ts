/** PUT /api/headshots/{id}/likeness — stores what the browser measured; answers the kept value (the first report stands). */
import { client, data } from "@/api/client";

export function reportLikeness(id: string, likeness: number) {
  return data(client.api.headshots[":id"].likeness.$put({ param: { id }, json: { likeness } }));
}
