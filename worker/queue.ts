import type { QueueMessage } from "./env";
import { log } from "./lib/log";

/** The GENERATIONS consumer. Health pings are acknowledged; generation jobs go to their handler. */
export async function handleQueueBatch(batch: MessageBatch<QueueMessage>, _env: Env): Promise<void> {
  for (const message of batch.messages) {
    const body = message.body;
    if ("ping" in body) {
      message.ack();
      continue;
    }
    log("warn", "queue: no handler for message", { body });
    message.ack();
  }
}
