import { app } from "./app";
import type { QueueMessage } from "./env";
import { handleQueueBatch } from "./queue";
import { handleScheduled } from "./scheduled";

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueueBatch(batch, env),
  scheduled: (controller, env, ctx) => ctx.waitUntil(handleScheduled(controller, env)),
} satisfies ExportedHandler<Env, QueueMessage>;
